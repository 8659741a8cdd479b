import GraftLanguage

/// Unique Type Names (Section 3.4): each named type is defined once, and not again when
/// extending a schema (graphql-js `UniqueTypeNamesRule`).
extension SDLValidationContext {
    mutating func checkUniqueTypeNames() {
        if schema == nil {
            // Without a schema to extend, the repeated definitions are those the type table found.
            let table = typeTable
            for repeated in table.repeatedDefinitions {
                guard let (previousDocument, previous) = table.entries[repeated.entry].firstDefinition else { continue }
                report(GraphQLError("There can be only one type named \"\(repeated.name.value)\".",
                                    locations: [SourceSpan(source: documents[previousDocument].source, range: previous.range),
                                                SourceSpan(source: documents[repeated.document].source, range: repeated.name.range)]),
                       document: repeated.document, offset: repeated.nodeStart)
            }
            return
        }
        // Each name's position in `first` (its first definition: document and name node).
        var known = NameIndex()
        var first: [(Int, Name)] = []
        var found: [(Int, Int, GraphQLError)] = []
        let documents = self.documents
        known.reserveCapacity(definitionCount)
        first.reserveCapacity(definitionCount)
        for (index, document) in documents.enumerated() {
            document.node.definitions.forEachInPlace { definition in
                guard case .type(let node) = definition.pointee else { return }
                let name = node.name.value
                if schema?.types.contains(name: name) == true {
                    found.append((index, node.range.start, GraphQLError(
                        "Type \"\(name)\" already exists in the schema. It cannot also be defined in this type definition.",
                        locations: [SourceSpan(source: document.source, range: node.name.range)])))
                } else {
                    let position = known.insertIfAbsent(name, position: first.count)
                    if position == first.count {
                        first.append((index, node.name))
                    } else {
                        let (previousDocument, previous) = first[position]
                        found.append((index, node.range.start, GraphQLError(
                            "There can be only one type named \"\(name)\".",
                            locations: [SourceSpan(source: documents[previousDocument].source, range: previous.range),
                                        SourceSpan(source: document.source, range: node.name.range)])))
                    }
                }
            }
        }
        for (index, offset, error) in found { report(error, document: index, offset: offset) }
    }
}
