import GraftLanguage

/// Directives Are Defined and Directives Are In Valid Locations (Sections 5.7.1, 5.7.2, applied to
/// type-system documents; graphql-js `KnownDirectivesRule`).
extension SDLValidationContext {
    mutating func checkKnownDirectives() {
        var locations: [String: [String]] = [:]
        for directive in knownDirectives { locations[directive.name] = directive.locations.map(\.rawValue) }
        forEachDefinition { _, _, definition in
            if case .directive(let node) = definition { locations[node.name.value] = node.locations.map(\.value) }
        }
        for site in directiveSites {
            for directive in site.directives {
                let name = directive.name.value
                let span = SourceSpan(source: site.source, range: directive.range)
                guard let allowed = locations[name] else {
                    report(GraphQLError("Unknown directive \"@\(name)\".", locations: [span]),
                           document: site.document, offset: directive.range.start)
                    continue
                }
                if !allowed.contains(site.location.rawValue) {
                    report(GraphQLError("Directive \"@\(name)\" may not be used on \(site.location.rawValue).", locations: [span]),
                           document: site.document, offset: directive.range.start)
                }
            }
        }
    }

    /// The directives known before the documents' own definitions: the extended schema's, or the
    /// built-in ones.
    var knownDirectives: [DirectiveDef] {
        if let schema { return Array(schema.directives) }
        return BuiltIns.directives
    }
}
