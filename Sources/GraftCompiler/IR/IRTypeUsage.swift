/// Collects the schema types compiled selections use: enums, input objects (with the types of
/// their fields) and custom scalars, and the interfaces and unions selections are made on.
struct IRTypeUsage {
    let schema: Schema
    private(set) var referencedTypes: Set<String> = []
    private(set) var abstractTypes: Set<String> = []
    /// Enums that variables or input object fields take.
    private(set) var inputEnums: Set<String> = []

    init(schema: Schema) {
        self.schema = schema
    }

    /// The specification's scalars, which map to Swift types directly.
    static let builtInScalars: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]

    mutating func add(_ set: IRSelectionSet) {
        addComposite(set.parentType)
        for field in set.fields {
            addOutput(field.type.namedType)
            if let child = field.selectionSet { add(child) }
        }
        for typeCase in set.typeCases { add(typeCase.selectionSet) }
        for deferred in set.deferredFragments { add(deferred.selectionSet) }
        for spread in set.fragmentSpreads { addComposite(spread.typeCondition) }
    }

    mutating func addComposite(_ name: String) {
        if schema.type(named: name)?.isAbstract == true { abstractTypes.insert(name) }
    }

    mutating func addOutput(_ name: String) {
        guard let type = schema.type(named: name) else { return }
        switch type.kind {
        case .enum: referencedTypes.insert(name)
        case .scalar where !Self.builtInScalars.contains(name): referencedTypes.insert(name)
        case .interface, .union: abstractTypes.insert(name)
        default: break
        }
    }

    mutating func addInput(_ name: String) {
        if schema.type(named: name)?.kind == .enum { inputEnums.insert(name) }
        guard let type = schema.type(named: name), !referencedTypes.contains(name) else { return }
        switch type.kind {
        case .enum: referencedTypes.insert(name)
        case .scalar where !Self.builtInScalars.contains(name): referencedTypes.insert(name)
        case .inputObject:
            referencedTypes.insert(name)
            for field in type.inputFields { addInput(field.type.namedType) }
        default: break
        }
    }

    /// Every enum, input object, custom scalar, interface and union of the schema (introspection
    /// types aside), as a schema module declares them for any module that depends on it; enums
    /// that arguments or input fields take count as input enums.
    mutating func addAll() {
        for type in schema.types where !type.name.hasPrefix("__") && !schema.generatorOnlyTypes.contains(type.name) {
            switch type.kind {
            case .object, .interface:
                if type.kind == .interface { abstractTypes.insert(type.name) }
                for field in type.fields {
                    for argument in field.arguments { addInput(argument.type.namedType) }
                }
            case .union: abstractTypes.insert(type.name)
            case .enum, .scalar: addOutput(type.name)
            case .inputObject: addInput(type.name)
            }
        }
    }
}

extension IRDocument {
    /// The document with every schema type declared (`IRTypeUsage.addAll`), not only the ones its
    /// operations and fragments use: what a schema module generates.
    public func declaringAllSchemaTypes() -> IRDocument {
        var usage = IRTypeUsage(schema: schema)
        usage.addAll()
        var document = IRDocument(schema: schema, operations: operations, fragments: fragments,
                                  referencedTypes: usage.referencedTypes.sorted(), abstractTypes: usage.abstractTypes.sorted(),
                                  inputEnums: usage.inputEnums)
        document.upstreamFragments = upstreamFragments
        return document
    }

    /// The document's schema types (those its operations and fragments use) without the
    /// operations and fragments: what a schema module declaring only its dependents' types
    /// generates.
    public func schemaTypesOnly() -> IRDocument {
        IRDocument(schema: schema, operations: [], fragments: [], referencedTypes: referencedTypes, abstractTypes: abstractTypes,
                   inputEnums: inputEnums)
    }
}

extension IRDocument {
    /// The schema types that documents compiled separately against `schema` use together, without
    /// operations or fragments: what `schemaTypesOnly()` gives for the documents compiled as one.
    /// Type usage is additive (each operation's and fragment's types are found from it alone), so
    /// the union of each document's sets is the set of their union.
    public static func schemaTypes(of documents: [IRDocument], schema: Schema) -> IRDocument {
        IRDocument(schema: schema, operations: [], fragments: [],
                   referencedTypes: Set(documents.flatMap(\.referencedTypes)).sorted(),
                   abstractTypes: Set(documents.flatMap(\.abstractTypes)).sorted(),
                   inputEnums: documents.reduce(into: Set<String>()) { $0.formUnion($1.inputEnums) })
    }
}
