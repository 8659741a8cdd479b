import GraftLanguage

/// A field of an object or interface type.
///
/// Stored copy-on-write in one object: schema elements are copied often while building and
/// validating, and a copy then costs one reference count instead of one per string and array.
public struct FieldDef: Named, Sendable, Hashable {
    /// The properties; mutated only while uniquely referenced (copy-on-write).
    ///
    /// The properties opt out of run-time exclusivity checks: every read of a class's `var` otherwise
    /// calls `swift_beginAccess` (about a tenth of building a large schema). Access is safe without
    /// them: the storage is only mutated through `uniqueStorage()`, when no other value shares it.
    final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var name: String
        @exclusivity(unchecked) var description: LazyDescription
        @exclusivity(unchecked) var arguments: NamedList<InputValueDef>
        @exclusivity(unchecked) var type: TypeRef
        @exclusivity(unchecked) var deprecationReason: String?
        @exclusivity(unchecked) var directives: [AppliedDirective]
        @exclusivity(unchecked) var span: SourceSpan?
        @exclusivity(unchecked) var node: NodeReference<FieldDefinition>

        init(
            name: String,
            description: LazyDescription,
            arguments: NamedList<InputValueDef>,
            type: TypeRef,
            deprecationReason: String?,
            directives: [AppliedDirective],
            span: SourceSpan?,
            node: NodeReference<FieldDefinition>
        ) {
            self.name = name
            self.description = description
            self.arguments = arguments
            self.type = type
            self.deprecationReason = deprecationReason
            self.directives = directives
            self.span = span
            self.node = node
        }

        func copy() -> Storage {
            Storage(
                name: name,
                description: description,
                arguments: arguments,
                type: type,
                deprecationReason: deprecationReason,
                directives: directives,
                span: span,
                node: node
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

    /// The description, or nil.
    public var description: String? {
        get { storage.description.value }
        set { uniqueStorage().description = .text(newValue) }
    }

    /// Keeps the SDL string literal as the description, decoded when read.
    mutating func setDescription(literal: StringValue?) {
        uniqueStorage().description = literal.map(LazyDescription.literal) ?? .text(nil)
    }

    /// The arguments.
    public var arguments: NamedList<InputValueDef> {
        get { storage.arguments }
        _modify { yield &uniqueStorage().arguments }
    }

    /// The type.
    public var type: TypeRef {
        get { storage.type }
        _modify { yield &uniqueStorage().type }
    }

    /// The deprecation reason when deprecated, else nil.
    public var deprecationReason: String? {
        get { storage.deprecationReason }
        _modify { yield &uniqueStorage().deprecationReason }
    }

    /// Applied directives.
    public var directives: [AppliedDirective] {
        get { storage.directives }
        _modify { yield &uniqueStorage().directives }
    }

    /// The AST node's span, if from SDL.
    public var span: SourceSpan? {
        get { storage.span }
        _modify { yield &uniqueStorage().span }
    }

    /// The AST node, if from SDL.
    public var node: FieldDefinition? {
        get { storage.node.node }
        set { uniqueStorage().node = NodeReference(newValue) }
    }

    /// Creates the element.
    public init(
        name: String,
        description: String? = nil,
        arguments: NamedList<InputValueDef> = NamedList(),
        type: TypeRef,
        deprecationReason: String? = nil,
        directives: [AppliedDirective] = [],
        span: SourceSpan? = nil,
        node: FieldDefinition? = nil
    ) {
        self.init(name: name, description: description,
                  arguments: arguments, type: type,
                  deprecationReason: deprecationReason, directives: directives, span: span, nodeReference: NodeReference(node))
    }

    /// Creates the element with a node kept by reference.
    init(
        name: String,
        description: String? = nil,
        arguments: NamedList<InputValueDef>,
        type: TypeRef,
        deprecationReason: String?,
        directives: [AppliedDirective],
        span: SourceSpan?,
        nodeReference: NodeReference<FieldDefinition>
    ) {
        storage = Storage(
            name: name,
            description: .text(description),
            arguments: arguments,
            type: type,
            deprecationReason: deprecationReason,
            directives: directives,
            span: span,
            node: nodeReference
        )
    }

    public static func == (lhs: FieldDef, rhs: FieldDef) -> Bool {
        if lhs.storage === rhs.storage { return true }
        let a = lhs.storage, b = rhs.storage
        return a.name == b.name
            && a.description == b.description
            && a.arguments == b.arguments
            && a.type == b.type
            && a.deprecationReason == b.deprecationReason
            && a.directives == b.directives
            && a.span == b.span
            && a.node.node == b.node.node
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.name)
    }
}
