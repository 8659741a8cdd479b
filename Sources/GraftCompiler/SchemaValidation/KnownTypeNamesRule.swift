import GraftLanguage

/// Known Type Names (Section 3.4): every referenced type is defined in the documents, in the schema
/// being extended, or is a specified scalar or introspection type (graphql-js `KnownTypeNamesRule`
/// applied to type-system documents).
extension SDLValidationContext {
    mutating func checkKnownTypeNames() {
        let standard = BuiltIns.scalarNames + BuiltIns.introspectionTypeNames
        // A NameIndex rather than a Set: one lookup per type reference, hashed cheaply.
        var known = NameIndex()
        var definedOrder: [String] = []
        known.reserveCapacity(definitionCount + (schema?.types.count ?? 0) + standard.count)
        forEachDefinition { _, _, definition in
            guard case .type(let node) = definition else { return }
            let count = known.count
            _ = known.insertIfAbsent(node.name.value, position: 0)
            if known.count > count { definedOrder.append(node.name.value) }
        }
        if let schema { for type in schema.types.elements { _ = known.insertIfAbsent(type.name, position: 0) } }
        // Position 1: a standard name not defined, known only in type-system definitions. One table,
        // so that each reference costs one hash.
        for name in standard { _ = known.insertIfAbsent(name, position: 1) }
        // graphql-js excuses the standard scalars and introspection types only in type-system
        // definitions: an operation or fragment in a schema document must find them defined.
        var unknown: [(Int, Source, NamedType, Bool)] = []
        forEachNamedType { index, source, named, inTypeSystem in
            let name = named.name.value
            let position = known.position(of: name)
            if position == nil || (position == 1 && !inTypeSystem) {
                unknown.append((index, source, named, inTypeSystem))
            }
        }
        guard !unknown.isEmpty else { return }
        let existing = schema?.types.map(\.name) ?? []
        for (index, source, named, inTypeSystem) in unknown {
            let name = named.name.value
            let suggestions = Suggestions.list(name, (inTypeSystem ? standard : []) + existing + definedOrder)
            report(GraphQLError("Unknown type \"\(name)\"." + Suggestions.didYouMean(suggestions),
                                locations: [SourceSpan(source: source, range: named.range)]),
                   document: index, offset: named.range.start)
        }
    }
}
