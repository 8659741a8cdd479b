import GraftLanguage

/// A schema type as validation reads it: the definition with its fields, indexed once per schema.
/// Holding these by reference keeps the walk from copying the (large) `NamedTypeDef` and
/// `FieldDef` values at every node, and precomputed facts save repeated lookups.
public final class ValidationType: Sendable {
    /// The type's definition.
    public let definition: NamedTypeDef
    /// The type's name.
    public let name: String
    /// The type's kind.
    public let kind: TypeKind
    /// The type's position in `ValidationTypes.list`.
    public let index: Int
    /// For unions and interfaces, the object types they can be; for objects, themselves.
    public let possibleTypeNames: Set<String>
    private let fields: [String: ValidationField]

    init(_ definition: NamedTypeDef, index: Int, possibleTypeNames: Set<String>, indexByName: [String: Int]) {
        self.definition = definition
        self.name = definition.name
        self.kind = definition.kind
        self.index = index
        self.possibleTypeNames = possibleTypeNames
        var fields: [String: ValidationField] = [:]
        if definition.kind == .object || definition.kind == .interface {
            fields.reserveCapacity(definition.fields.count)
            for field in definition.fields where fields[field.name] == nil {
                fields[field.name] = ValidationField(field, namedTypeIndex: indexByName[field.type.namedType] ?? -1)
            }
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

    /// Whether two composite types have an object type in common (graphql-js `doTypesOverlap`).
    public func overlaps(_ other: ValidationType) -> Bool {
        if self === other { return true }
        let (small, large) = possibleTypeNames.count <= other.possibleTypeNames.count ? (self, other) : (other, self)
        return small.possibleTypeNames.contains { large.possibleTypeNames.contains($0) }
    }
}

/// A field definition as validation reads it.
public final class ValidationField: Sendable {
    /// The field's definition.
    public let definition: FieldDef
    /// The field's name.
    public let name: String
    /// The field's type.
    public let type: TypeRef
    /// The position of the field's named type in `ValidationTypes.list`, or -1 if unknown.
    public let namedTypeIndex: Int
    /// The arguments that must be given (non-null, no default): names and printed types.
    public let requiredArguments: [(name: String, type: String)]

    init(_ definition: FieldDef, namedTypeIndex: Int) {
        self.definition = definition
        self.name = definition.name
        self.type = definition.type
        self.namedTypeIndex = namedTypeIndex
        self.requiredArguments = definition.arguments.filter(TypeRef.isRequired).map { ($0.name, $0.type.description) }
    }
}

/// The `ValidationType`s of a schema, indexed once (a `Validator` builds them when created) and
/// shared by every validation run, with facts about the schema's directives.
public final class ValidationTypes: Sendable {
    /// The schema.
    public let schema: Schema
    /// Every type, in schema order.
    public let list: [ValidationType]
    private let indexByName: [String: Int]
    /// The locations of each directive.
    let directiveLocations: [String: [String]]
    /// The argument names of each directive.
    let directiveArgumentNames: [String: [String]]
    /// The required arguments of each directive: names and printed types.
    let directiveRequiredArguments: [String: [(name: String, type: String)]]
    /// Whether each directive is non-repeatable.
    let directiveIsUnique: [String: Bool]
    let typenameField: ValidationField
    let schemaField: ValidationField
    let typeField: ValidationField

    /// Indexes a schema's types and directives.
    public init(schema: Schema) {
        self.schema = schema
        var indexByName: [String: Int] = [:]
        indexByName.reserveCapacity(schema.types.count)
        var definitions: [NamedTypeDef] = []
        for type in schema.types where indexByName[type.name] == nil {
            indexByName[type.name] = definitions.count
            definitions.append(type)
        }
        var list: [ValidationType] = []
        list.reserveCapacity(definitions.count)
        for (index, type) in definitions.enumerated() {
            let possible: Set<String> = type.kind == .object ? [type.name] : Set(schema.possibleTypes(of: type))
            list.append(ValidationType(type, index: index, possibleTypeNames: possible, indexByName: indexByName))
        }
        self.list = list
        self.indexByName = indexByName
        var locations: [String: [String]] = [:], argumentNames: [String: [String]] = [:]
        var required: [String: [(name: String, type: String)]] = [:], unique: [String: Bool] = [:]
        for directive in schema.directives {
            locations[directive.name] = directive.locations.map(\.rawValue)
            argumentNames[directive.name] = directive.arguments.map(\.name)
            required[directive.name] = directive.arguments.filter(TypeRef.isRequired).map { ($0.name, $0.type.description) }
            unique[directive.name] = !directive.isRepeatable
        }
        self.directiveLocations = locations
        self.directiveArgumentNames = argumentNames
        self.directiveRequiredArguments = required
        self.directiveIsUnique = unique
        self.typenameField = ValidationField(Introspection.typenameField, namedTypeIndex: indexByName["String"] ?? -1)
        self.schemaField = ValidationField(Introspection.schemaField, namedTypeIndex: indexByName["__Schema"] ?? -1)
        self.typeField = ValidationField(Introspection.typeField, namedTypeIndex: indexByName["__Type"] ?? -1)
    }

    /// The type called `name`, or nil.
    public subscript(name: String) -> ValidationType? {
        indexByName[name].map { list[$0] }
    }

    /// The named type of a type reference, or nil.
    public subscript(type: TypeRef) -> ValidationType? { self[type.namedType] }

    /// The named type of a field, or nil.
    public func namedType(of field: ValidationField) -> ValidationType? {
        field.namedTypeIndex >= 0 ? list[field.namedTypeIndex] : nil
    }

    /// The field `name` of a composite type, including `__typename` (every composite type) and
    /// `__schema` and `__type` (the query root), as graphql-js's TypeInfo finds it.
    public func field(_ name: String, on type: ValidationType) -> ValidationField? {
        if name.utf8.first == UInt8(ascii: "_") {
            if type.name == schema.queryType {
                if name == "__schema" { return schemaField }
                if name == "__type" { return typeField }
            }
            if name == "__typename" && type.isComposite { return typenameField }
        }
        return type.field(name)
    }
}
