import GraftLanguage

/// A directive applied in the schema (kept so validation and code generation can read
/// `@deprecated`, `@specifiedBy`, `@oneOf`, `@typePolicy` and custom directives).
public struct AppliedDirective: Sendable, Hashable {
    /// The directive's name, without `@`.
    public var name: String
    /// The arguments as written (constant values).
    public var arguments: [Argument]
    /// Where it is written, if it came from SDL.
    public var span: SourceSpan?

    /// Creates an applied directive.
    public init(name: String, arguments: [Argument], span: SourceSpan?) {
        self.name = name
        self.arguments = arguments
        self.span = span
    }

    /// The value of an argument, or nil.
    public func argument(_ name: String) -> Value? {
        arguments.first { $0.name.value == name }?.value
    }
}



/// A value of an enum type.
public struct EnumValueDef: Named, Sendable, Hashable {
    public var name: String
    /// The description, kept as its SDL literal until read (as for types and fields): large enums'
    /// descriptions would otherwise be decoded while building, read or not.
    var lazyDescription: LazyDescription
    /// The description, or nil.
    public var description: String? {
        get { lazyDescription.value }
        set { lazyDescription = .text(newValue) }
    }
    /// The deprecation reason when deprecated, else nil.
    public var deprecationReason: String?
    /// Applied directives.
    public var directives: [AppliedDirective]
    /// Where it is defined, boxed so copies of the element stay cheap.
    var origin: Origin<EnumValueDefinition>
    /// The AST node's span, if from SDL.
    public var span: SourceSpan? {
        get { origin.span }
        set { origin.span = newValue }
    }
    /// The AST node, if from SDL.
    public var node: EnumValueDefinition? {
        get { origin.node }
        set { origin.node = newValue }
    }

    /// Keeps the SDL string literal as the description, decoded when read.
    mutating func setDescription(literal: StringValue?) {
        lazyDescription = LazyDescription(literal: literal)
    }
}

extension EnumValueDef {
    // In an extension so that it can call the memberwise initializer: assigning the properties
    // one by one left a copy and a destroy of the whole value behind (Scripts/bench/sil-node-copies.py).
    /// Creates an enum value.
    public init(name: String, description: String? = nil, deprecationReason: String? = nil,
                directives: [AppliedDirective] = [], span: SourceSpan? = nil, node: EnumValueDefinition? = nil) {
        self.init(name: name, lazyDescription: .text(description), deprecationReason: deprecationReason,
                  directives: directives, origin: Origin(span: span, node: node))
    }
}

/// The kind of a named type.
public enum TypeKind: String, Sendable, Hashable {
    case scalar = "SCALAR"
    case object = "OBJECT"
    case interface = "INTERFACE"
    case union = "UNION"
    case `enum` = "ENUM"
    case inputObject = "INPUT_OBJECT"
}


/// A directive definition (Section 3.13).
public struct DirectiveDef: Named, Sendable, Hashable {
    public var name: String
    /// The description, or nil.
    public var description: String?
    /// The arguments.
    public var arguments: NamedList<InputValueDef>
    /// Whether it may repeat at one location.
    public var isRepeatable: Bool
    /// Where it may appear.
    public var locations: [DirectiveLocation]
    /// Where it is defined, boxed so copies of the element stay cheap.
    var origin: Origin<DirectiveDefinition>
    /// The AST node's span, if from SDL.
    public var span: SourceSpan? {
        get { origin.span }
        set { origin.span = newValue }
    }
    /// The AST node, if from SDL.
    public var node: DirectiveDefinition? {
        get { origin.node }
        set { origin.node = newValue }
    }
    /// Whether this is a built-in directive added because the schema did not define it (not
    /// printed by `SchemaPrinter`).
    public var isBuiltIn: Bool = false
    /// Whether this is one of the `GeneratorDirectives`, added because the schema did not define
    /// it: the types of its arguments are not the schema's own (`Schema.generatorOnlyTypes`).
    public var isGeneratorDirective: Bool = false

    /// Creates a directive definition.
    public init(name: String, description: String? = nil, arguments: NamedList<InputValueDef> = NamedList(),
                isRepeatable: Bool = false, locations: [DirectiveLocation], span: SourceSpan? = nil,
                node: DirectiveDefinition? = nil) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.isRepeatable = isRepeatable
        self.locations = locations
        self.origin = Origin(span: span, node: node)
    }
}
