import GraftLanguage

/// A named type of the schema (Section 3.4). One struct for every kind keeps lookups simple;
/// the properties that do not apply to a kind stay empty.
public typealias NamedTypeDef = SchemaElement<NamedTypeProperties>

/// What a named type holds, read and written as its own (`type.fields`). It declares no initializer:
/// the memberwise one is used, as for the AST nodes (Architecture.md, "Language layer").
public struct NamedTypeProperties: SchemaElementProperties {
    /// The type's name.
    public var name: String
    /// The kind.
    public var kind: TypeKind
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
}

extension NamedTypeDef {
    /// Creates the type.
    public init(
        name: String,
        kind: TypeKind,
        description: String? = nil,
        fields: NamedList<FieldDef> = NamedList(),
        interfaces: [String] = [],
        possibleTypes: [String] = [],
        enumValues: NamedList<EnumValueDef> = NamedList(),
        inputFields: NamedList<InputValueDef> = NamedList(),
        specifiedByURL: String? = nil,
        isOneOf: Bool = false,
        directives: [AppliedDirective] = [],
        span: SourceSpan? = nil,
        extensionSpans: [SourceSpan] = [],
        definition: Located<TypeDefinition>? = nil,
        extensions: [Located<TypeDefinition>] = []
    ) {
        self.init(NamedTypeProperties(
            name: name,
            kind: kind,
            fields: fields,
            interfaces: interfaces,
            possibleTypes: possibleTypes,
            enumValues: enumValues,
            inputFields: inputFields,
            specifiedByURL: specifiedByURL,
            isOneOf: isOneOf,
            directives: directives,
            span: span,
            extensionSpans: extensionSpans,
            definition: definition,
            extensions: extensions
        ), description: .text(description))
    }

    /// Objects, interfaces and unions (types with selection sets).
    public var isComposite: Bool { self.kind == .object || self.kind == .interface || self.kind == .union }
    /// Interfaces and unions.
    public var isAbstract: Bool { self.kind == .interface || self.kind == .union }
    /// Scalars and enums.
    public var isLeaf: Bool { self.kind == .scalar || self.kind == .enum }
    /// Scalars, enums and input objects.
    public var isInputType: Bool { self.kind == .scalar || self.kind == .enum || self.kind == .inputObject }
    /// Everything but input objects.
    public var isOutputType: Bool { self.kind != .inputObject }
}
