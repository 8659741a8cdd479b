import GraftLanguage

/// Unique Field Definition Names (Sections 3.6, 3.7, 3.10): the fields of an object, interface or
/// input object are unique across its definition and extensions (graphql-js
/// `UniqueFieldDefinitionNamesRule`).
extension SDLValidationContext {
    mutating func checkUniqueFieldDefinitionNames() {
        var checker = FieldNameCheck(documents: documents, schema: schema, multiNodeTypes: multiNodeTypeNames)
        typeNodes.forEachInPlace { node in
            let index = node.pointee.document
            switch node.pointee.kind {
            case .object, .interface:
                node.pointee.fields.withUnsafeBufferPointer { fields in
                    checker.check(index, node.pointee.name, node.pointee.range.start, fields.count) { (fields.baseAddress! + $0).pointee.name }
                }
            case .inputObject:
                node.pointee.inputFields.withUnsafeBufferPointer { fields in
                    checker.check(index, node.pointee.name, node.pointee.range.start, fields.count) { (fields.baseAddress! + $0).pointee.name }
                }
            case .scalar, .union, .enum:
                return
            }
        }
        for (index, offset, error) in checker.found { report(error, document: index, offset: offset) }
    }
}

/// The state of Unique Field Definition Names across type nodes: a struct with a mutating method
/// rather than a local function sharing captured variables, whose every access was checked for
/// exclusivity at run time.
private struct FieldNameCheck {
    let documents: [Located<Document>]
    let schema: Schema?
    let multiNodeTypes: NameIndex
    /// Field names seen per type, for types with several nodes: (document, name).
    var known: [String: [String: (Int, Name)]] = [:]
    /// Positions of the field names of the current long type with one node; reused per type.
    var positions = NameIndex()
    var found: [(Int, Int, GraphQLError)] = []

    init(documents: [Located<Document>], schema: Schema?, multiNodeTypes: NameIndex) {
        self.documents = documents
        self.schema = schema
        self.multiNodeTypes = multiNodeTypes
    }

    /// The field names of one type node, checked in place: copying them into an array cost an
    /// allocation and a retain per name.
    mutating func check(_ index: Int, _ typeNameNode: Name, _ start: Int, _ count: Int, _ nameAt: (Int) -> Name) {
        let documents = self.documents  // for the spans, made only for errors
        let typeName = typeNameNode.value
        let existing = schema?.types[typeName]
        let shared = multiNodeTypes.position(of: typeName) != nil
        // Taken out while filled so that inserting does not copy it.
        var local: [String: (Int, Name)] = shared ? known.removeValue(forKey: typeName) ?? [:] : [:]
        if !shared && count > 8 {
            positions.removeAll()
            positions.reserveCapacity(count)
        }
        for position in 0..<count {
            let fieldName = nameAt(position)
            let span = { SourceSpan(source: documents[index].source, range: fieldName.range) }
            if let existing, existing.hasField(fieldName.value) {
                found.append((index, start, GraphQLError(
                    "Field \"\(typeName).\(fieldName.value)\" already exists in the schema. It cannot also be defined in this type extension.",
                    locations: [span()])))
                continue
            }
            var previous: (Int, Name)?
            if shared {
                previous = local.insertIfAbsent((index, fieldName), for: fieldName.value)
            } else if count > 8 {
                let first = positions.insertIfAbsent(fieldName.value, position: position)
                if first != position { previous = (index, nameAt(first)) }
            } else if let earlier = (0..<position).first(where: { nameAt($0).value == fieldName.value }) {
                previous = (index, nameAt(earlier))
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

extension NamedTypeDef {
    /// Whether an object, interface or input object has a field with this name.
    func hasField(_ name: String) -> Bool {
        switch self.kind {
        case .object, .interface: return self.fields.contains(name: name)
        case .inputObject: return self.inputFields.contains(name: name)
        default: return false
        }
    }
}
