import GraftLanguage

/// Known Type Names (Section 3.4): every referenced type is defined in the documents, in the schema
/// being extended, or is a specified scalar or introspection type (graphql-js `KnownTypeNamesRule`
/// applied to type-system documents).
extension SDLValidationContext {
    mutating func checkKnownTypeNames() {
        var known = Set<String>(BuiltIns.scalarNames + BuiltIns.introspectionTypeNames)
        var definedOrder: [String] = []
        known.reserveCapacity(known.count + definitionCount + (schema?.types.count ?? 0))
        forEachDefinition { _, _, definition in
            if case .type(let node) = definition, known.insert(node.name.value).inserted {
                definedOrder.append(node.name.value)
            }
        }
        if let schema { for type in schema.types.elements { known.insert(type.name) } }
        var unknown: [(Int, Source, NamedType)] = []
        forEachNamedType { index, source, named in
            if !known.contains(named.name.value) { unknown.append((index, source, named)) }
        }
        guard !unknown.isEmpty else { return }
        let existing = schema?.types.map(\.name) ?? []
        let standard = BuiltIns.scalarNames + BuiltIns.introspectionTypeNames
        for (index, source, named) in unknown {
            let name = named.name.value
            let suggestions = Suggestions.list(name, standard + existing + definedOrder)
            report(GraphQLError("Unknown type \"\(name)\"." + Suggestions.didYouMean(suggestions),
                                locations: [SourceSpan(source: source, range: named.range)]),
                   document: index, offset: named.range.start)
        }
    }
}
