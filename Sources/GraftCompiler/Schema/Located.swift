import GraftLanguage

/// An AST node together with the source it was parsed from, so errors can point into the right
/// file when a schema is assembled from several files.
public struct Located<Node: Sendable & Hashable>: Sendable, Hashable {
    /// The node.
    public let node: Node
    /// The source the node's ranges refer to.
    public let source: Source

    /// Creates a located node.
    public init(_ node: Node, source: Source) {
        self.node = node
        self.source = source
    }

    /// A span of `range` in this node's source.
    public func span(_ range: SourceRange) -> SourceSpan {
        SourceSpan(source: source, range: range)
    }

    /// Another node from the same source.
    public func with<Other>(_ other: Other) -> Located<Other> {
        Located<Other>(other, source: source)
    }

    public static func == (lhs: Located, rhs: Located) -> Bool {
        lhs.node == rhs.node && lhs.source.name == rhs.source.name && lhs.source.bytes == rhs.source.bytes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(node)
        hasher.combine(source.name)
    }
}
