/// Kinds of nodes a `ValidationRule` handles.
public struct VisitedNodes: OptionSet, Sendable {
    /// The bits.
    public let rawValue: UInt32
    /// Creates a set from its raw value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `Document`.
    public static let document = VisitedNodes(rawValue: 1 << 0)
    /// `OperationDefinition`.
    public static let operation = VisitedNodes(rawValue: 1 << 1)
    /// `VariableDefinition`.
    public static let variableDefinition = VisitedNodes(rawValue: 1 << 2)
    /// `SelectionSet`.
    public static let selectionSet = VisitedNodes(rawValue: 1 << 3)
    /// `Field`.
    public static let field = VisitedNodes(rawValue: 1 << 4)
    /// `Argument`.
    public static let argument = VisitedNodes(rawValue: 1 << 5)
    /// `FragmentSpread`.
    public static let fragmentSpread = VisitedNodes(rawValue: 1 << 6)
    /// `InlineFragment`.
    public static let inlineFragment = VisitedNodes(rawValue: 1 << 7)
    /// `FragmentDefinition`.
    public static let fragmentDefinition = VisitedNodes(rawValue: 1 << 8)
    /// `Directive`.
    public static let directive = VisitedNodes(rawValue: 1 << 9)
    /// `Value` (every value, variables included).
    public static let value = VisitedNodes(rawValue: 1 << 10)
    /// `ObjectField`.
    public static let objectField = VisitedNodes(rawValue: 1 << 11)
    /// `NamedType`.
    public static let namedType = VisitedNodes(rawValue: 1 << 12)
    /// `enterDirectivesHolder`, for every node that carries directives.
    public static let directivesHolder = VisitedNodes(rawValue: 1 << 13)
    /// Every kind.
    public static let all = VisitedNodes(rawValue: (1 << 14) - 1)
}
