import GraftLanguage

/// Known Type Names (Section 3.4): every referenced type is defined in the documents, in the schema
/// being extended, or is a specified scalar or introspection type (graphql-js `KnownTypeNamesRule`
/// applied to type-system documents).
extension SDLValidationContext {
    mutating func checkKnownTypeNames() {
        // One lookup per type reference, in the table the type-name rules share.
        let table = typeTable
        // A function rather than the table: a closure capturing the table copied it (a retain and
        // a release per array in it) for every type definition walked.
        let isKnown = { (name: String, inTypeSystem: Bool) in table.isKnown(name, inTypeSystem: inTypeSystem) }
        var unknown: [(Int, Source, NamedType, Bool)] = []
        forEachNamedType { index, source, named, inTypeSystem in
            if !isKnown(named.name.value, inTypeSystem) {
                unknown.append((index, source, named, inTypeSystem))
            }
        }
        guard !unknown.isEmpty else { return }
        let standard = BuiltIns.scalarNames + BuiltIns.introspectionTypeNames
        let definedOrder = table.definedOrder
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
