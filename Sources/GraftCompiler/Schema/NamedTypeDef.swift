import GraftLanguage

/// A named type of the schema (Section 3.4). One struct for every kind keeps lookups simple;
/// the properties that do not apply to a kind stay empty.
///
/// Stored copy-on-write in one object: schema elements are copied often while building and
/// validating, and a copy then costs one reference count instead of one per string and array.
public struct NamedTypeDef: Named, Sendable, Hashable {
    /// The properties; mutated only while uniquely referenced (copy-on-write).
    ///
    /// The properties opt out of run-time exclusivity checks: every read of a class's `var` otherwise
    /// calls `swift_beginAccess` (about a tenth of building a large schema). Access is safe without
    /// them: the storage is only mutated through `uniqueStorage()`, when no other value shares it.
    final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var name: String
        @exclusivity(unchecked) var kind: TypeKind
        @exclusivity(unchecked) var description: LazyDescription
        @exclusivity(unchecked) var fields: NamedList<FieldDef>
        @exclusivity(unchecked) var interfaces: [String]
        @exclusivity(unchecked) var possibleTypes: [String]
        @exclusivity(unchecked) var enumValues: NamedList<EnumValueDef>
        @exclusivity(unchecked) var inputFields: NamedList<InputValueDef>
        @exclusivity(unchecked) var specifiedByURL: String?
        @exclusivity(unchecked) var isOneOf: Bool
        @exclusivity(unchecked) var directives: [AppliedDirective]
        @exclusivity(unchecked) var span: SourceSpan?
        @exclusivity(unchecked) var extensionSpans: [SourceSpan]
        @exclusivity(unchecked) var definition: Located<TypeDefinition>?
        @exclusivity(unchecked) var extensions: [Located<TypeDefinition>]

        init(
            name: String,
            kind: TypeKind,
            description: LazyDescription,
            fields: NamedList<FieldDef>,
            interfaces: [String],
            possibleTypes: [String],
            enumValues: NamedList<EnumValueDef>,
            inputFields: NamedList<InputValueDef>,
            specifiedByURL: String?,
            isOneOf: Bool,
            directives: [AppliedDirective],
            span: SourceSpan?,
            extensionSpans: [SourceSpan],
            definition: Located<TypeDefinition>?,
            extensions: [Located<TypeDefinition>]
        ) {
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

        func copy() -> Storage {
            Storage(
                name: name,
                kind: kind,
                description: description,
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
            )
        }
    }

    private var storage: Storage

    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// The name.
    public var name: String {
        get { storage.name }
        _modify { yield &uniqueStorage().name }
    }

    /// The kind.
    public var kind: TypeKind {
        get { storage.kind }
        _modify { yield &uniqueStorage().kind }
    }

    /// The description, or nil.
    public var description: String? {
        get { storage.description.value }
        set { uniqueStorage().description = .text(newValue) }
    }

    /// Keeps the SDL string literal as the description, decoded when read.
    mutating func setDescription(literal: StringValue?) {
        uniqueStorage().description = literal.map(LazyDescription.literal) ?? .text(nil)
    }

    /// Fields of objects and interfaces.
    public var fields: NamedList<FieldDef> {
        get { storage.fields }
        _modify { yield &uniqueStorage().fields }
    }

    /// Interfaces implemented by objects and interfaces.
    public var interfaces: [String] {
        get { storage.interfaces }
        _modify { yield &uniqueStorage().interfaces }
    }

    /// Member types of unions.
    public var possibleTypes: [String] {
        get { storage.possibleTypes }
        _modify { yield &uniqueStorage().possibleTypes }
    }

    /// Values of enums.
    public var enumValues: NamedList<EnumValueDef> {
        get { storage.enumValues }
        _modify { yield &uniqueStorage().enumValues }
    }

    /// Fields of input objects.
    public var inputFields: NamedList<InputValueDef> {
        get { storage.inputFields }
        _modify { yield &uniqueStorage().inputFields }
    }

    /// `@specifiedBy(url:)` of scalars.
    public var specifiedByURL: String? {
        get { storage.specifiedByURL }
        _modify { yield &uniqueStorage().specifiedByURL }
    }

    /// Whether an input object is `@oneOf`.
    public var isOneOf: Bool {
        get { storage.isOneOf }
        _modify { yield &uniqueStorage().isOneOf }
    }

    /// Applied directives (definition and extensions).
    public var directives: [AppliedDirective] {
        get { storage.directives }
        _modify { yield &uniqueStorage().directives }
    }

    /// The defining AST node's span (nil for built-ins and introspection-built types).
    public var span: SourceSpan? {
        get { storage.span }
        _modify { yield &uniqueStorage().span }
    }

    /// The spans of `extend` nodes, in order.
    public var extensionSpans: [SourceSpan] {
        get { storage.extensionSpans }
        _modify { yield &uniqueStorage().extensionSpans }
    }

    /// The defining AST node with its source (nil for built-ins and introspection-built types).
    public var definition: Located<TypeDefinition>? {
        get { storage.definition }
        _modify { yield &uniqueStorage().definition }
    }

    /// The `extend` AST nodes with their sources, in order.
    public var extensions: [Located<TypeDefinition>] {
        get { storage.extensions }
        _modify { yield &uniqueStorage().extensions }
    }

    /// Creates the element.
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
        storage = Storage(
            name: name,
            kind: kind,
            description: .text(description),
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
        )
    }

    public static func == (lhs: NamedTypeDef, rhs: NamedTypeDef) -> Bool {
        if lhs.storage === rhs.storage { return true }
        let a = lhs.storage, b = rhs.storage
        return a.name == b.name
            && a.kind == b.kind
            && a.description == b.description
            && a.fields == b.fields
            && a.interfaces == b.interfaces
            && a.possibleTypes == b.possibleTypes
            && a.enumValues == b.enumValues
            && a.inputFields == b.inputFields
            && a.specifiedByURL == b.specifiedByURL
            && a.isOneOf == b.isOneOf
            && a.directives == b.directives
            && a.span == b.span
            && a.extensionSpans == b.extensionSpans
            && a.definition == b.definition
            && a.extensions == b.extensions
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.name)
        hasher.combine(storage.kind)
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
