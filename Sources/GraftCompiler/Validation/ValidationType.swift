import GraftLanguage

/// A schema type as validation reads it: the definition with its fields, indexed once per schema.
/// Holding these by reference keeps the walk from copying the (large) `NamedTypeDef` and
/// `FieldDef` values at every node.
public final class ValidationType: Sendable {
    /// The type's definition.
    public let definition: NamedTypeDef
    /// The type's name.
    public let name: String
    /// The type's kind.
    public let kind: TypeKind
    private let fields: [String: ValidationField]

    init(_ definition: NamedTypeDef) {
        self.definition = definition
        self.name = definition.name
        self.kind = definition.kind
        var fields: [String: ValidationField] = [:]
        if definition.kind == .object || definition.kind == .interface {
            fields.reserveCapacity(definition.fields.count)
            for field in definition.fields where fields[field.name] == nil { fields[field.name] = ValidationField(field) }
        }
        self.fields = fields
    }

    /// Objects, interfaces and unions.
    public var isComposite: Bool { kind == .object || kind == .interface || kind == .union }
    /// Interfaces and unions.
    public var isAbstract: Bool { kind == .interface || kind == .union }
    /// Scalars and enums.
    public var isLeaf: Bool { kind == .scalar || kind == .enum }
    /// Scalars, enums and input objects.
    public var isInputType: Bool { kind == .scalar || kind == .enum || kind == .inputObject }
    /// Everything but input objects.
    public var isOutputType: Bool { kind != .inputObject }

    /// The field `name` defined by an object or interface (no introspection fields).
    public func field(_ name: String) -> ValidationField? { fields[name] }
}

/// A field definition as validation reads it.
public final class ValidationField: Sendable {
    /// The field's definition.
    public let definition: FieldDef
    /// The field's name.
    public let name: String
    /// The field's type.
    public let type: TypeRef

    init(_ definition: FieldDef) {
        self.definition = definition
        self.name = definition.name
        self.type = definition.type
    }

    /// `__typename: String!`.
    static let typename = ValidationField(Introspection.typenameField)
    /// `__schema: __Schema!`.
    static let schema = ValidationField(Introspection.schemaField)
    /// `__type(name: String!): __Type`.
    static let type = ValidationField(Introspection.typeField)
}

/// The `ValidationType`s of a schema, indexed once (a `Validator` builds them when created) and
/// shared by every validation run.
public final class ValidationTypes: Sendable {
    /// The schema.
    public let schema: Schema
    private let types: [String: ValidationType]

    /// Indexes a schema's types.
    public init(schema: Schema) {
        self.schema = schema
        var types: [String: ValidationType] = [:]
        types.reserveCapacity(schema.types.count)
        for type in schema.types where types[type.name] == nil { types[type.name] = ValidationType(type) }
        self.types = types
    }

    /// The type called `name`, or nil.
    public subscript(name: String) -> ValidationType? { types[name] }

    /// The named type of a type reference, or nil.
    public subscript(type: TypeRef) -> ValidationType? { self[type.namedType] }

    /// The field `name` of a composite type, including `__typename` (every composite type) and
    /// `__schema` and `__type` (the query root), as graphql-js's TypeInfo finds it.
    public func field(_ name: String, on type: ValidationType) -> ValidationField? {
        if name.utf8.first == UInt8(ascii: "_") {
            if type.name == schema.queryType {
                if name == "__schema" { return .schema }
                if name == "__type" { return .type }
            }
            if name == "__typename" && type.isComposite { return .typename }
        }
        return type.field(name)
    }
}
