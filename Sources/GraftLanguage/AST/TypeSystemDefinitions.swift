// The public initializers of the larger nodes live in extensions and call the memberwise
// initializer, whose arguments follow the stored properties (so its labels differ from the public
// one's order). Swift 6.3's optimizer leaves a copy and a destroy of the whole node behind an
// initializer that assigns the properties one by one, for nodes of this size: 4.7M of the 27.2M
// instructions a parse of the GitHub schema took (Documentation/Architecture.md, "Language layer").

/// `schema { query: Query ... }` (Section 3.3), also used for `extend schema` (with no description).
public struct SchemaDefinition: Sendable, Hashable {
    /// The directives.
    public var directives: [Directive]
    /// The description, or nil.
    public var description: StringValue?
    /// The root operation types.
    public var operationTypes: [OperationTypeDefinition]
    /// Where it is.
    public var range: SourceRange
}

extension SchemaDefinition {
    /// Creates a schema definition or extension.
    public init(description: StringValue?, directives: [Directive], operationTypes: [OperationTypeDefinition], range: SourceRange) {
        self.init(directives: directives, description: description, operationTypes: operationTypes, range: range)
    }
}

/// `query: Query` inside a schema definition.
public struct OperationTypeDefinition: Sendable, Hashable {
    /// The operation.
    public var operation: OperationType
    /// The root type.
    public var type: NamedType
    /// Where it is.
    public var range: SourceRange

    /// Creates a root operation type definition.
    public init(operation: OperationType, type: NamedType, range: SourceRange) {
        self.operation = operation
        self.type = type
        self.range = range
    }
}

/// A named type definition (Section 3.4). Extensions (`extend type ...`) use the same cases with
/// no description.
public enum TypeDefinition: Sendable, Hashable {
    /// `scalar Name`.
    case scalar(ScalarTypeDefinition)
    /// `type Name implements ... { fields }`.
    case object(ObjectTypeDefinition)
    /// `interface Name implements ... { fields }`.
    case interface(ObjectTypeDefinition)
    /// `union Name = A | B`.
    case union(UnionTypeDefinition)
    /// `enum Name { VALUES }`.
    case `enum`(EnumTypeDefinition)
    /// `input Name { fields }`.
    case inputObject(InputObjectTypeDefinition)

    /// The type's name.
    public var name: Name {
        switch self {
        case .scalar(let node): return node.name
        case .object(let node), .interface(let node): return node.name
        case .union(let node): return node.name
        case .enum(let node): return node.name
        case .inputObject(let node): return node.name
        }
    }

    /// The description, or nil.
    public var description: StringValue? {
        switch self {
        case .scalar(let node): return node.description
        case .object(let node), .interface(let node): return node.description
        case .union(let node): return node.description
        case .enum(let node): return node.description
        case .inputObject(let node): return node.description
        }
    }

    /// The directives.
    public var directives: [Directive] {
        switch self {
        case .scalar(let node): return node.directives
        case .object(let node), .interface(let node): return node.directives
        case .union(let node): return node.directives
        case .enum(let node): return node.directives
        case .inputObject(let node): return node.directives
        }
    }

    /// Where it is.
    public var range: SourceRange {
        switch self {
        case .scalar(let node): return node.range
        case .object(let node), .interface(let node): return node.range
        case .union(let node): return node.range
        case .enum(let node): return node.range
        case .inputObject(let node): return node.range
        }
    }

    /// The GraphQL keyword: `scalar`, `type`, `interface`, `union`, `enum` or `input`.
    public var keyword: String {
        switch self {
        case .scalar: return "scalar"
        case .object: return "type"
        case .interface: return "interface"
        case .union: return "union"
        case .enum: return "enum"
        case .inputObject: return "input"
        }
    }
}

/// A type extension (`extend type ...`): the same nodes as definitions, without descriptions.
public typealias TypeExtension = TypeDefinition

/// `scalar Name @directives`.
public struct ScalarTypeDefinition: Sendable, Hashable {
    /// The name.
    public var name: Name
    /// The description, or nil.
    public var description: StringValue?
    /// The directives.
    public var directives: [Directive]
    /// Where it is.
    public var range: SourceRange
}

extension ScalarTypeDefinition {
    /// Creates a scalar definition.
    public init(description: StringValue?, name: Name, directives: [Directive], range: SourceRange) {
        self.init(name: name, description: description, directives: directives, range: range)
    }
}

/// An object or interface type definition.
public struct ObjectTypeDefinition: Sendable, Hashable {
    /// The name.
    public var name: Name
    /// The description, or nil.
    public var description: StringValue?
    /// The implemented interfaces.
    public var interfaces: [NamedType]
    /// The directives.
    public var directives: [Directive]
    /// The fields.
    public var fields: [FieldDefinition]
    /// Where it is.
    public var range: SourceRange
}

extension ObjectTypeDefinition {
    /// Creates an object or interface definition.
    public init(description: StringValue?, name: Name, interfaces: [NamedType], directives: [Directive], fields: [FieldDefinition], range: SourceRange) {
        self.init(name: name, description: description, interfaces: interfaces, directives: directives, fields: fields, range: range)
    }
}

/// A field definition `name(args): Type @directives`.
public struct FieldDefinition: Sendable, Hashable {
    /// The name.
    public var name: Name
    /// The description, or nil.
    public var description: StringValue?
    /// The arguments.
    public var arguments: [InputValueDefinition]
    /// The type.
    public var type: TypeReference
    /// The directives.
    public var directives: [Directive]
    /// Where it is.
    public var range: SourceRange
}

extension FieldDefinition {
    /// Creates a field definition.
    public init(description: StringValue?, name: Name, arguments: [InputValueDefinition], type: TypeReference, directives: [Directive], range: SourceRange) {
        self.init(name: name, description: description, arguments: arguments, type: type, directives: directives, range: range)
    }
}

/// An argument or input field definition `name: Type = default @directives`.
public struct InputValueDefinition: Sendable, Hashable {
    /// The name.
    public var name: Name
    /// The description, or nil.
    public var description: StringValue?
    /// The type.
    public var type: TypeReference
    /// The default value, or nil.
    public var defaultValue: Value?
    /// The directives.
    public var directives: [Directive]
    /// Where it is.
    public var range: SourceRange
}

extension InputValueDefinition {
    /// Creates an input value definition.
    public init(description: StringValue?, name: Name, type: TypeReference, defaultValue: Value?, directives: [Directive], range: SourceRange) {
        self.init(name: name, description: description, type: type, defaultValue: defaultValue, directives: directives, range: range)
    }
}

/// `union Name @directives = A | B`.
public struct UnionTypeDefinition: Sendable, Hashable {
    /// The name.
    public var name: Name
    /// The description, or nil.
    public var description: StringValue?
    /// The directives.
    public var directives: [Directive]
    /// The member types.
    public var types: [NamedType]
    /// Where it is.
    public var range: SourceRange
}

extension UnionTypeDefinition {
    /// Creates a union definition.
    public init(description: StringValue?, name: Name, directives: [Directive], types: [NamedType], range: SourceRange) {
        self.init(name: name, description: description, directives: directives, types: types, range: range)
    }
}

/// `enum Name @directives { VALUES }`.
public struct EnumTypeDefinition: Sendable, Hashable {
    /// The name.
    public var name: Name
    /// The description, or nil.
    public var description: StringValue?
    /// The directives.
    public var directives: [Directive]
    /// The values.
    public var values: [EnumValueDefinition]
    /// Where it is.
    public var range: SourceRange
}

extension EnumTypeDefinition {
    /// Creates an enum definition.
    public init(description: StringValue?, name: Name, directives: [Directive], values: [EnumValueDefinition], range: SourceRange) {
        self.init(name: name, description: description, directives: directives, values: values, range: range)
    }
}

/// One value of an enum definition.
public struct EnumValueDefinition: Sendable, Hashable {
    /// The value's name.
    public var name: Name
    /// The description, or nil.
    public var description: StringValue?
    /// The directives.
    public var directives: [Directive]
    /// Where it is.
    public var range: SourceRange
}

extension EnumValueDefinition {
    /// Creates an enum value definition.
    public init(description: StringValue?, name: Name, directives: [Directive], range: SourceRange) {
        self.init(name: name, description: description, directives: directives, range: range)
    }
}

/// `input Name @directives { fields }`.
public struct InputObjectTypeDefinition: Sendable, Hashable {
    /// The name.
    public var name: Name
    /// The description, or nil.
    public var description: StringValue?
    /// The directives.
    public var directives: [Directive]
    /// The input fields.
    public var fields: [InputValueDefinition]
    /// Where it is.
    public var range: SourceRange
}

extension InputObjectTypeDefinition {
    /// Creates an input object definition.
    public init(description: StringValue?, name: Name, directives: [Directive], fields: [InputValueDefinition], range: SourceRange) {
        self.init(name: name, description: description, directives: directives, fields: fields, range: range)
    }
}

/// `directive @name(args) repeatable on LOCATIONS` (Section 3.13).
public struct DirectiveDefinition: Sendable, Hashable {
    /// The name, without `@`.
    public var name: Name
    /// The description, or nil.
    public var description: StringValue?
    /// The arguments.
    public var arguments: [InputValueDefinition]
    /// Whether the directive may be repeated at one location.
    public var repeatable: Bool
    /// The locations where it may appear.
    public var locations: [Name]
    /// Where it is.
    public var range: SourceRange
}

extension DirectiveDefinition {
    /// Creates a directive definition.
    public init(description: StringValue?, name: Name, arguments: [InputValueDefinition], repeatable: Bool, locations: [Name], range: SourceRange) {
        self.init(name: name, description: description, arguments: arguments, repeatable: repeatable, locations: locations, range: range)
    }
}
