import GraftLanguage

/// Unique Directive Names (Section 3.13): each directive is defined once, and not again when
/// extending a schema (graphql-js `UniqueDirectiveNamesRule`).
extension SDLValidationContext {
    mutating func checkUniqueDirectiveNames() {
        var known: [String: SourceSpan] = [:]
        var nodes: [(Int, Source, DirectiveDefinition)] = []
        forEachDefinition { index, source, definition in
            if case .directive(let node) = definition { nodes.append((index, source, node)) }
        }
        for (index, source, node) in nodes {
            let name = node.name.value
            let span = SourceSpan(source: source, range: node.name.range)
            if schema?.directives[name] != nil {
                report(GraphQLError("Directive \"@\(name)\" already exists in the schema. It cannot be redefined.", locations: [span]),
                       document: index, offset: node.range.start)
            } else if let previous = known[name] {
                report(GraphQLError("There can be only one directive named \"@\(name)\".", locations: [previous, span]),
                       document: index, offset: node.range.start)
            } else {
                known[name] = span
            }
        }
    }
}
