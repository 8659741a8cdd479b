import GraftLanguage

/// Directives Are Unique Per Location (Section 5.7.3, applied to type-system documents): a
/// non-repeatable directive appears once per node; a type's definition and extensions count as
/// one location, as do the schema's (graphql-js `UniqueDirectivesPerLocationRule`).
extension SDLValidationContext {
    mutating func checkUniqueDirectivesPerLocation() {
        var unique: [String: Bool] = [:]
        for directive in knownDirectives { unique[directive.name] = !directive.isRepeatable }
        forEachDefinition { _, _, definition in
            if case .directive(let node) = definition { unique[node.name.value] = !node.repeatable }
        }
        var schemaSeen: [String: SourceSpan] = [:]
        var typeSeen: [String: [String: SourceSpan]] = [:]
        for site in directiveSites {
            var seen: [String: SourceSpan]
            if site.location == .schema {
                seen = schemaSeen
            } else if let typeName = site.typeName {
                seen = typeSeen[typeName] ?? [:]
            } else {
                seen = [:]
            }
            for directive in site.directives {
                let name = directive.name.value
                guard unique[name] == true else { continue }
                let span = SourceSpan(source: site.source, range: directive.range)
                if let previous = seen[name] {
                    report(GraphQLError("The directive \"@\(name)\" can only be used once at this location.",
                                        locations: [previous, span]), document: site.document, offset: site.nodeStart)
                } else {
                    seen[name] = span
                }
            }
            if site.location == .schema {
                schemaSeen = seen
            } else if let typeName = site.typeName {
                typeSeen[typeName] = seen
            }
        }
    }
}
