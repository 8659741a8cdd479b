import GraftLanguage

/// Argument Names (Section 5.4.1, for directives in type-system documents): every argument of an
/// applied directive is defined by the directive (graphql-js `KnownArgumentNamesOnDirectivesRule`).
extension SDLValidationContext {
    mutating func checkKnownArgumentNamesOnDirectives() {
        var arguments: [String: [String]] = [:]
        for directive in knownDirectives { arguments[directive.name] = directive.arguments.map(\.name) }
        forEachDefinition { _, _, definition in
            if case .directive(let node) = definition { arguments[node.name.value] = node.arguments.map(\.name.value) }
        }
        for site in directiveSites {
            for directive in site.directives {
                let name = directive.name.value
                guard let known = arguments[name] else { continue }
                for argument in directive.arguments where !known.contains(argument.name.value) {
                    let suggestions = SchemaSuggestions.list(argument.name.value, options: known)
                    report(GraphQLError("Unknown argument \"\(argument.name.value)\" on directive \"@\(name)\"."
                                            + SchemaSuggestions.didYouMean(suggestions),
                                        locations: [SourceSpan(source: site.source, range: argument.range)]),
                           document: site.document, offset: directive.range.start)
                }
            }
        }
    }
}
