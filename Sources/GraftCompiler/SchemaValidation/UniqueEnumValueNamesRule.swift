import GraftLanguage

/// Unique Enum Value Names (Section 3.9): an enum's values are unique across its definition and
/// extensions (graphql-js `UniqueEnumValueNamesRule`).
extension SDLValidationContext {
    mutating func checkUniqueEnumValueNames() {
        var known: [String: [String: SourceSpan]] = [:]
        var nodes: [(Int, Source, EnumTypeDefinition)] = []
        forEachDefinition { index, source, definition in
            switch definition {
            case .type(.enum(let node)), .typeExtension(.enum(let node)): nodes.append((index, source, node))
            default: break
            }
        }
        for (index, source, node) in nodes {
            let typeName = node.name.value
            let existing = schema?.types[typeName]
            // Taken out while filled so that inserting does not copy it.
            var seen = known.removeValue(forKey: typeName) ?? [:]
            defer { known[typeName] = seen }
            seen.reserveCapacity(seen.count + node.values.count)
            for value in node.values {
                let valueName = value.name.value
                let span = SourceSpan(source: source, range: value.name.range)
                if let existing, existing.kind == .enum, existing.enumValues[valueName] != nil {
                    report(GraphQLError("Enum value \"\(typeName).\(valueName)\" already exists in the schema. It cannot also be defined in this type extension.",
                                        locations: [span]), document: index, offset: node.range.start)
                } else if let previous = seen.insertIfAbsent(span, for: valueName) {
                    report(GraphQLError("Enum value \"\(typeName).\(valueName)\" can only be defined once.", locations: [previous, span]),
                           document: index, offset: node.range.start)
                }
            }
        }
    }
}
