import GraftLanguage

/// Argument Uniqueness (Section 5.4.2, in type-system documents): an applied directive, and a
/// field of an operation or fragment in such a document, gives each argument once (graphql-js
/// `UniqueArgumentNamesRule`).
extension SDLValidationContext {
    mutating func checkUniqueArgumentNames() {
        func check(_ arguments: [Argument], _ document: Int, _ source: Source, at offset: Int) {
            for (name, names) in SDLValidationContext.groupByName(arguments.map(\.name)) where names.count > 1 {
                report(GraphQLError("There can be only one argument named \"\(name)\".",
                                    locations: names.map { SourceSpan(source: source, range: $0.range) }),
                       document: document, offset: offset)
            }
        }
        for site in directiveSites {
            for directive in site.directives { check(directive.arguments, site.document, site.source, at: directive.range.start) }
        }
        var fields: [(Int, Source, Field)] = []
        forEachDefinition { index, source, definition in
            Self.walkExecutable(definition, fieldArguments: { fields.append((index, source, $0)) })
        }
        for (index, source, field) in fields { check(field.arguments, index, source, at: field.range.start) }
    }
}
