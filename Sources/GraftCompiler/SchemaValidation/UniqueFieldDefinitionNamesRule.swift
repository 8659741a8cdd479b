import GraftLanguage

/// Unique Field Definition Names (Sections 3.6, 3.7, 3.10): the fields of an object, interface or
/// input object are unique across its definition and extensions (graphql-js
/// `UniqueFieldDefinitionNamesRule`).
extension SDLValidationContext {
    mutating func checkUniqueFieldDefinitionNames() {
        var known: [String: [String: SourceSpan]] = [:]
        var nodes: [(Int, Source, Int, Name, [Name])] = []
        forEachDefinition { index, source, definition in
            switch definition {
            case .type(let type), .typeExtension(let type):
                switch type {
                case .object(let node), .interface(let node):
                    nodes.append((index, source, node.range.start, node.name, node.fields.map(\.name)))
                case .inputObject(let node):
                    nodes.append((index, source, node.range.start, node.name, node.fields.map(\.name)))
                default: break
                }
            default: break
            }
        }
        for (index, source, start, typeNameNode, fieldNames) in nodes {
            let typeName = typeNameNode.value
            let existing = schema?.types[typeName]
            for fieldName in fieldNames {
                let span = SourceSpan(source: source, range: fieldName.range)
                if let existing, existing.hasField(fieldName.value) {
                    report(GraphQLError("Field \"\(typeName).\(fieldName.value)\" already exists in the schema. It cannot also be defined in this type extension.",
                                        locations: [span]), document: index, offset: start)
                } else if let previous = known[typeName]?[fieldName.value] {
                    report(GraphQLError("Field \"\(typeName).\(fieldName.value)\" can only be defined once.", locations: [previous, span]),
                           document: index, offset: start)
                } else {
                    known[typeName, default: [:]][fieldName.value] = span
                }
            }
        }
    }
}

extension NamedTypeDef {
    /// Whether an object, interface or input object has a field with this name.
    func hasField(_ name: String) -> Bool {
        switch kind {
        case .object, .interface: return fields[name] != nil
        case .inputObject: return inputFields[name] != nil
        default: return false
        }
    }
}
