import GraftLanguage

/// The AST node a schema element was built from, kept without copying it: the element of a node
/// list of the parsed document holds it by the list and its position.
///
/// A copy of a field or argument node retains each string, array and wrapper in it and releases
/// them again when the schema goes; the list costs one reference count, shared by every element
/// built from it. The node is read only for error locations.
enum NodeReference<Node: Sendable & Hashable>: Sendable {
    case none
    case value(Node)
    /// `list[index]`.
    case element([Node], Int)

    init(_ node: Node?) {
        self = node.map(NodeReference.value) ?? .none
    }

    /// The node, or nil.
    var node: Node? {
        switch self {
        case .none: return nil
        case .value(let node): return node
        case .element(let list, let index): return list[index]
        }
    }
}

extension NodeReference: Equatable {
    /// Equal when they give equal nodes, however each keeps its node.
    static func == (lhs: NodeReference, rhs: NodeReference) -> Bool {
        lhs.node == rhs.node
    }
}
