import GraftLanguage

/// Argument Uniqueness (Section 5.4.2, for directives in type-system documents): an applied
/// directive gives each argument once (graphql-js `UniqueArgumentNamesRule`).
extension SDLValidationContext {
    mutating func checkUniqueArgumentNames() {
        for site in directiveSites {
            for directive in site.directives {
                for (name, names) in SDLValidationContext.groupByName(directive.arguments.map(\.name)) where names.count > 1 {
                    report(GraphQLError("There can be only one argument named \"\(name)\".",
                                        locations: names.map { SourceSpan(source: site.source, range: $0.range) }),
                           document: site.document, offset: directive.range.start)
                }
            }
        }
    }
}
