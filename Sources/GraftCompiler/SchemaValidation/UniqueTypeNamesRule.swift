import GraftLanguage

/// Unique Type Names (Section 3.4): each named type is defined once, and not again when
/// extending a schema (graphql-js `UniqueTypeNamesRule`).
extension SDLValidationContext {
    mutating func checkUniqueTypeNames() {
        var known: [String: SourceSpan] = [:]
        var nodes: [(Int, Source, TypeDefinition)] = []
        forEachDefinition { index, source, definition in
            if case .type(let node) = definition { nodes.append((index, source, node)) }
        }
        for (index, source, node) in nodes {
            let name = node.name.value
            let span = SourceSpan(source: source, range: node.name.range)
            if schema?.types[name] != nil {
                report(GraphQLError("Type \"\(name)\" already exists in the schema. It cannot also be defined in this type definition.",
                                    locations: [span]), document: index, offset: node.range.start)
            } else if let previous = known[name] {
                report(GraphQLError("There can be only one type named \"\(name)\".", locations: [previous, span]),
                       document: index, offset: node.range.start)
            } else {
                known[name] = span
            }
        }
    }
}
