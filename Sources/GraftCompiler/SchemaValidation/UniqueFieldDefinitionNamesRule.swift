import GraftLanguage

/// Unique Field Definition Names (Sections 3.6, 3.7, 3.10): the fields of an object, interface or
/// input object are unique across its definition and extensions (graphql-js
/// `UniqueFieldDefinitionNamesRule`).
extension SDLValidationContext {
    mutating func checkUniqueFieldDefinitionNames() {
        let documents = self.documents
        let schema = self.schema
        let multiNodeTypes = multiNodeTypeNames
        // Field names seen per type, for types with several nodes: (document, name).
        var known: [String: [String: (Int, Name)]] = [:]
        // Positions of the field names of the current long type with one node; reused per type.
        var positions = NameIndex()
        var found: [(Int, Int, GraphQLError)] = []
        for (index, document) in documents.enumerated() {
            document.node.definitions.forEachInPlace { definition in
                let typeNameNode: Name
                let fieldNames: [Name]
                let start: Int
                switch definition.pointee {
                case .type(let type), .typeExtension(let type):
                    switch type {
                    case .object(let node), .interface(let node):
                        typeNameNode = node.name; fieldNames = node.fields.map { $0.name }; start = node.range.start
                    case .inputObject(let node):
                        typeNameNode = node.name; fieldNames = node.fields.map { $0.name }; start = node.range.start
                    default: return
                    }
                default: return
                }
                let typeName = typeNameNode.value
                let existing = schema?.types[typeName]
                let shared = multiNodeTypes.position(of: typeName) != nil
                // Taken out while filled so that inserting does not copy it.
                var local: [String: (Int, Name)] = shared ? known.removeValue(forKey: typeName) ?? [:] : [:]
                if !shared && fieldNames.count > 8 {
                    positions.removeAll()
                    positions.reserveCapacity(fieldNames.count)
                }
                for (position, fieldName) in fieldNames.enumerated() {
                    let span = { SourceSpan(source: document.source, range: fieldName.range) }
                    if let existing, existing.hasField(fieldName.value) {
                        found.append((index, start, GraphQLError(
                            "Field \"\(typeName).\(fieldName.value)\" already exists in the schema. It cannot also be defined in this type extension.",
                            locations: [span()])))
                        continue
                    }
                    var previous: (Int, Name)?
                    if shared {
                        previous = local.insertIfAbsent((index, fieldName), for: fieldName.value)
                    } else if fieldNames.count > 8 {
                        let first = positions.insertIfAbsent(fieldName.value, position: position)
                        if first != position { previous = (index, fieldNames[first]) }
                    } else if let earlier = fieldNames[..<position].firstIndex(where: { $0.value == fieldName.value }) {
                        previous = (index, fieldNames[earlier])
                    }
                    if let (previousDocument, previousName) = previous {
                        let previousSpan = SourceSpan(source: documents[previousDocument].source, range: previousName.range)
                        found.append((index, start, GraphQLError("Field \"\(typeName).\(fieldName.value)\" can only be defined once.",
                                                                 locations: [previousSpan, span()])))
                    }
                }
                if shared { known[typeName] = local }
            }
        }
        for (index, offset, error) in found { report(error, document: index, offset: offset) }
    }
}

extension NamedTypeDef {
    /// Whether an object, interface or input object has a field with this name.
    func hasField(_ name: String) -> Bool {
        switch kind {
        case .object, .interface: return fields.contains(name: name)
        case .inputObject: return inputFields.contains(name: name)
        default: return false
        }
    }
}
