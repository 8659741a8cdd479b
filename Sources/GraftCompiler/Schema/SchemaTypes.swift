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

/// An argument of a field or directive, or a field of an input object.
public struct InputValueDef: Named, Sendable, Hashable {
    public var name: String
    /// The description, or nil.
    public var description: String?
    /// The type.
    public var type: TypeRef
    /// The default value as a constant literal, or nil.
    public var defaultValue: Value?
    /// The deprecation reason when deprecated, else nil.
    public var deprecationReason: String?
    /// Applied directives.
    public var directives: [AppliedDirective]
    /// The AST node's span (the definition), if from SDL.
    public var span: SourceSpan?
    /// The AST node, if from SDL.
    public var node: InputValueDefinition?

    /// Creates an input value.
    public init(name: String, description: String? = nil, type: TypeRef, defaultValue: Value? = nil,
                deprecationReason: String? = nil, directives: [AppliedDirective] = [], span: SourceSpan? = nil,
                node: InputValueDefinition? = nil) {
        self.name = name
        self.description = description
        self.type = type
        self.defaultValue = defaultValue
        self.deprecationReason = deprecationReason
        self.directives = directives
        self.span = span
        self.node = node
    }
}

/// A field of an object or interface type.
public struct FieldDef: Named, Sendable, Hashable {
    public var name: String
    /// The description, or nil.
    public var description: String?
    /// The arguments.
    public var arguments: NamedList<InputValueDef>
    /// The type.
    public var type: TypeRef
    /// The deprecation reason when deprecated, else nil.
    public var deprecationReason: String?
    /// Applied directives.
    public var directives: [AppliedDirective]
    /// The AST node's span, if from SDL.
    public var span: SourceSpan?
    /// The AST node, if from SDL.
    public var node: FieldDefinition?

    /// Creates a field.
    public init(name: String, description: String? = nil, arguments: NamedList<InputValueDef> = NamedList(), type: TypeRef,
                deprecationReason: String? = nil, directives: [AppliedDirective] = [], span: SourceSpan? = nil,
                node: FieldDefinition? = nil) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.type = type
        self.deprecationReason = deprecationReason
        self.directives = directives
        self.span = span
        self.node = node
    }
}

/// A value of an enum type.
public struct EnumValueDef: Named, Sendable, Hashable {
    public var name: String
    /// The description, or nil.
    public var description: String?
    /// The deprecation reason when deprecated, else nil.
    public var deprecationReason: String?
    /// Applied directives.
    public var directives: [AppliedDirective]
    /// The AST node's span, if from SDL.
    public var span: SourceSpan?
    /// The AST node, if from SDL.
    public var node: EnumValueDefinition?

    /// Creates an enum value.
    public init(name: String, description: String? = nil, deprecationReason: String? = nil,
                directives: [AppliedDirective] = [], span: SourceSpan? = nil, node: EnumValueDefinition? = nil) {
        self.name = name
        self.description = description
        self.deprecationReason = deprecationReason
        self.directives = directives
        self.span = span
        self.node = node
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

/// A named type of the schema (Section 3.4). One struct for every kind keeps lookups simple;
/// the properties that do not apply to a kind stay empty.
public struct NamedTypeDef: Named, Sendable, Hashable {
    public var name: String
    /// The kind.
    public var kind: TypeKind
    /// The description, or nil.
    public var description: String?
    /// Fields of objects and interfaces.
    public var fields: NamedList<FieldDef>
    /// Interfaces implemented by objects and interfaces.
    public var interfaces: [String]
    /// Member types of unions.
    public var possibleTypes: [String]
    /// Values of enums.
    public var enumValues: NamedList<EnumValueDef>
    /// Fields of input objects.
    public var inputFields: NamedList<InputValueDef>
    /// `@specifiedBy(url:)` of scalars.
    public var specifiedByURL: String?
    /// Whether an input object is `@oneOf`.
    public var isOneOf: Bool
    /// Applied directives (definition and extensions).
    public var directives: [AppliedDirective]
    /// The defining AST node's span (nil for built-ins and introspection-built types).
    public var span: SourceSpan?
    /// The spans of `extend` nodes, in order.
    public var extensionSpans: [SourceSpan]
    /// The defining AST node with its source (nil for built-ins and introspection-built types).
    public var definition: Located<TypeDefinition>?
    /// The `extend` AST nodes with their sources, in order.
    public var extensions: [Located<TypeDefinition>]

    /// Creates a named type.
    public init(name: String, kind: TypeKind, description: String? = nil, fields: NamedList<FieldDef> = NamedList(),
                interfaces: [String] = [], possibleTypes: [String] = [], enumValues: NamedList<EnumValueDef> = NamedList(),
                inputFields: NamedList<InputValueDef> = NamedList(), specifiedByURL: String? = nil, isOneOf: Bool = false,
                directives: [AppliedDirective] = [], span: SourceSpan? = nil, extensionSpans: [SourceSpan] = [],
                definition: Located<TypeDefinition>? = nil, extensions: [Located<TypeDefinition>] = []) {
        self.name = name
        self.kind = kind
        self.description = description
        self.fields = fields
        self.interfaces = interfaces
        self.possibleTypes = possibleTypes
        self.enumValues = enumValues
        self.inputFields = inputFields
        self.specifiedByURL = specifiedByURL
        self.isOneOf = isOneOf
        self.directives = directives
        self.span = span
        self.extensionSpans = extensionSpans
        self.definition = definition
        self.extensions = extensions
    }

    /// Objects, interfaces and unions (types with selection sets).
    public var isComposite: Bool { kind == .object || kind == .interface || kind == .union }
    /// Interfaces and unions.
    public var isAbstract: Bool { kind == .interface || kind == .union }
    /// Scalars and enums.
    public var isLeaf: Bool { kind == .scalar || kind == .enum }
    /// Scalars, enums and input objects.
    public var isInputType: Bool { kind == .scalar || kind == .enum || kind == .inputObject }
    /// Everything but input objects.
    public var isOutputType: Bool { kind != .inputObject }
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
    /// The AST node's span, if from SDL.
    public var span: SourceSpan?
    /// The AST node, if from SDL.
    public var node: DirectiveDefinition?
    /// Whether this is a built-in directive added because the schema did not define it (not
    /// printed by `SchemaPrinter`).
    public var isBuiltIn: Bool = false

    /// Creates a directive definition.
    public init(name: String, description: String? = nil, arguments: NamedList<InputValueDef> = NamedList(),
                isRepeatable: Bool = false, locations: [DirectiveLocation], span: SourceSpan? = nil,
                node: DirectiveDefinition? = nil) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.isRepeatable = isRepeatable
        self.locations = locations
        self.span = span
        self.node = node
    }
}
