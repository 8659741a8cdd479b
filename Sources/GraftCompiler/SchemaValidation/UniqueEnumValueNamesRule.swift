import GraftLanguage

/// Unique Enum Value Names (Section 3.9): an enum's values are unique across its definition and
/// extensions (graphql-js `UniqueEnumValueNamesRule`).
extension SDLValidationContext {
    mutating func checkUniqueEnumValueNames() {
        var known: [String: [String: SourceSpan]] = [:]
        var nodes: [(Int, Source, SDLTypeNode)] = []
        typeNodes.forEachInPlace { node in
            if node.pointee.kind == .enum { nodes.append((node.pointee.document, documents[node.pointee.document].source, node.pointee)) }
        }
        let multiNodeTypes = multiNodeTypeNames
        // The value positions of an enum with one node (most enums); reused per enum.
        var positions = NameIndex()
        for (index, source, node) in nodes {
            let typeName = node.name.value
            let existing = schema?.types[typeName]
            let shared = multiNodeTypes.position(of: typeName) != nil
            // Taken out while filled so that inserting does not copy it.
            var seen = shared ? known.removeValue(forKey: typeName) ?? [:] : [:]
            defer { if shared { known[typeName] = seen } }
            if shared {
                seen.reserveCapacity(seen.count + node.values.count)
            } else {
                positions.removeAll()
                positions.reserveCapacity(node.values.count)
            }
            for (position, value) in node.values.enumerated() {
                let valueName = value.name.value
                let span = SourceSpan(source: source, range: value.name.range)
                var previous: SourceSpan?
                if !shared {
                    let first = positions.insertIfAbsent(valueName, position: position)
                    if first != position { previous = SourceSpan(source: source, range: node.values[first].name.range) }
                }
                if let existing, existing.kind == .enum, existing.enumValues[valueName] != nil {
                    report(GraphQLError("Enum value \"\(typeName).\(valueName)\" already exists in the schema. It cannot also be defined in this type extension.",
                                        locations: [span]), document: index, offset: node.range.start)
                } else if let previous = shared ? seen.insertIfAbsent(span, for: valueName) : previous {
                    report(GraphQLError("Enum value \"\(typeName).\(valueName)\" can only be defined once.", locations: [previous, span]),
                           document: index, offset: node.range.start)
                }
            }
        }
    }
}
