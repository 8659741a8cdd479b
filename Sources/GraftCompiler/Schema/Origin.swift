import GraftLanguage

/// Where a schema element comes from (its AST node and span), stored in one shared immutable
/// object: schema elements are copied often during building and validation, and a copy then costs
/// one reference count instead of one per string and array in the AST.
struct Origin<Node: Sendable & Hashable>: Sendable, Hashable {
    final class Storage: Sendable {
        let span: SourceSpan?
        let node: Node?
        init(span: SourceSpan?, node: Node?) {
            self.span = span
            self.node = node
        }
    }

    private var storage: Storage?

    init(span: SourceSpan?, node: Node?) {
        storage = span == nil && node == nil ? nil : Storage(span: span, node: node)
    }

    var span: SourceSpan? {
        get { storage?.span }
        set { storage = Storage(span: newValue, node: node) }
    }

    var node: Node? {
        get { storage?.node }
        set { storage = Storage(span: span, node: newValue) }
    }

    static func == (lhs: Origin, rhs: Origin) -> Bool {
        lhs.storage === rhs.storage || (lhs.span == rhs.span && lhs.node == rhs.node)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(span)
    }
}

/// The origin of a named type: definition and extensions, shared like `Origin`.
struct TypeOrigin: Sendable, Hashable {
    struct Value: Sendable, Hashable {
        var span: SourceSpan?
        var extensionSpans: [SourceSpan]
        var definition: Located<TypeDefinition>?
        var extensions: [Located<TypeDefinition>]
    }

    final class Storage: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private var storage: Storage

    init(_ value: Value) {
        storage = Storage(value)
    }

    var value: Value {
        get { storage.value }
        set { storage = Storage(newValue) }
    }

    static func == (lhs: TypeOrigin, rhs: TypeOrigin) -> Bool {
        lhs.storage === rhs.storage || lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(value.span)
    }
}
