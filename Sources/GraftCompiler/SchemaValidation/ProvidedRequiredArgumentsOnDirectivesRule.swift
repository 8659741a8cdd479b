import GraftLanguage

/// Required Arguments (Section 5.4.2.1, for directives in type-system documents): an applied
/// directive gives every non-null argument without a default (graphql-js
/// `ProvidedRequiredArgumentsOnDirectivesRule`). Reported when leaving the directive.
extension SDLValidationContext {
    mutating func checkProvidedRequiredArgumentsOnDirectives() {
        var required: [String: [(String, String)]] = [:]
        for directive in knownDirectives {
            required[directive.name] = directive.arguments
                .filter { $0.type.isNonNull && $0.defaultValue == nil }
                .map { ($0.name, $0.type.description) }
        }
        forEachDefinition { _, _, definition in
            if case .directive(let node) = definition {
                var list: [(String, String)] = []
                for argument in node.arguments {
                    guard argument.type.isNonNull, argument.defaultValue == nil else { continue }
                    if let index = list.firstIndex(where: { $0.0 == argument.name.value }) {
                        list[index].1 = argument.type.description
                    } else {
                        list.append((argument.name.value, argument.type.description))
                    }
                }
                required[node.name.value] = list
            }
        }
        for site in directiveSites {
            for directive in site.directives {
                guard let requiredArguments = required[directive.name.value] else { continue }
                let provided = Set(directive.arguments.map(\.name.value))
                for (name, type) in requiredArguments where !provided.contains(name) {
                    report(GraphQLError("Directive \"@\(directive.name.value)\" argument \"\(name)\" of type \"\(type)\" is required, but it was not provided.",
                                        locations: [SourceSpan(source: site.source, range: directive.range)]),
                           document: site.document, offset: directive.range.end, onLeave: true)
                }
            }
        }
    }
}
