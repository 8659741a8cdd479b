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
