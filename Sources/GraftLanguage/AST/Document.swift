/// A parsed GraphQL document (Section 2.2): executable and type-system definitions.
public struct Document: Sendable, Hashable {
    /// The definitions in source order.
    public var definitions: [Definition]
    /// The whole source.
    public var range: SourceRange

    /// Creates a document.
    public init(definitions: [Definition], range: SourceRange) {
        self.definitions = definitions
        self.range = range
    }
}

/// One definition of a document.
public enum Definition: Sendable, Hashable {
    /// `query`, `mutation`, `subscription` or a `{ ... }` shorthand query.
    case operation(OperationDefinition)
    /// `fragment Name on Type { ... }`.
    case fragment(FragmentDefinition)
    /// `schema { ... }`.
    case schema(SchemaDefinition)
    /// `extend schema ...` (a SchemaDefinition without description).
    case schemaExtension(SchemaDefinition)
    /// `scalar`, `type`, `interface`, `union`, `enum` or `input`.
    case type(TypeDefinition)
    /// `extend scalar|type|interface|union|enum|input ...` (definition nodes without description).
    case typeExtension(TypeExtension)
    /// `directive @name ... on ...`.
    case directive(DirectiveDefinition)

    /// The source range of the definition.
    public var range: SourceRange {
        switch self {
        case .operation(let node): return node.range
        case .fragment(let node): return node.range
        case .schema(let node): return node.range
        case .schemaExtension(let node): return node.range
        case .type(let node): return node.range
        case .typeExtension(let node): return node.range
        case .directive(let node): return node.range
        }
    }

    /// Whether this is an operation or fragment (ExecutableDefinition).
    public var isExecutable: Bool {
        switch self {
        case .operation, .fragment: return true
        default: return false
        }
    }
}

/// A name (Section 2.1.9) with its range.
public struct Name: Sendable, Hashable, CustomStringConvertible {
    /// The name's text.
    public var value: String
    /// Where it is.
    public var range: SourceRange

    /// Creates a name.
    public init(_ value: String, range: SourceRange) {
        self.value = value
        self.range = range
    }

    /// The name's text.
    public var description: String { value }
}

/// A directive application `@name(args)` (Section 2.12).
public struct Directive: Sendable, Hashable {
    /// The directive's name, without `@`.
    public var name: Name
    /// Its arguments.
    public var arguments: [Argument]
    /// Where it is, from `@`.
    public var range: SourceRange

    /// Creates a directive.
    public init(name: Name, arguments: [Argument], range: SourceRange) {
        self.name = name
        self.arguments = arguments
        self.range = range
    }
}

/// An argument `name: value` (Section 2.6).
public struct Argument: Sendable, Hashable {
    /// The argument's name.
    public var name: Name
    /// Its value.
    public var value: Value
    /// Where it is.
    public var range: SourceRange

    /// Creates an argument.
    public init(name: Name, value: Value, range: SourceRange) {
        self.name = name
        self.value = value
        self.range = range
    }
}
