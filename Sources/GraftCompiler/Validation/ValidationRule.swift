import GraftLanguage

/// One validation rule (a rule of Section 5 of the specification, or a custom rule).
///
/// A rule is a visitor in the style of graphql-js: the `Validator` walks the document once and
/// calls every rule's `enter` and `leave` methods in rule order, with a shared `TypeInfo` already
/// updated for the node. A rule that returns `.skipChildren` from `enter` is not called again until
/// the walk leaves that node (its own `leave` for that node is not called either), while the other
/// rules continue into the children (graphql-js `visitInParallel`). Rules report errors through
/// their `context`. Every method has a default that does nothing.
public protocol ValidationRule: AnyObject, SendableMetatype {
    /// The rule's graphql-js name, such as `"FieldsOnCorrectTypeRule"`.
    static var name: String { get }
    /// The kinds of nodes the rule's methods handle: the rule is called only for these (a
    /// shortcut; the default, `.all`, calls it for every node).
    static var visitedNodes: VisitedNodes { get }
    /// Creates the rule for one validation run.
    init(context: ValidationContext)

    func enter(_ node: Document) -> VisitAction
    func leave(_ node: Document)
    func enter(_ node: OperationDefinition) -> VisitAction
    func leave(_ node: OperationDefinition)
    func enter(_ node: VariableDefinition) -> VisitAction
    func leave(_ node: VariableDefinition)
    func enter(_ node: SelectionSet) -> VisitAction
    func leave(_ node: SelectionSet)
    func enter(_ node: Field) -> VisitAction
    func leave(_ node: Field)
    func enter(_ node: Argument) -> VisitAction
    func leave(_ node: Argument)
    func enter(_ node: FragmentSpread) -> VisitAction
    func leave(_ node: FragmentSpread)
    func enter(_ node: InlineFragment) -> VisitAction
    func leave(_ node: InlineFragment)
    func enter(_ node: FragmentDefinition) -> VisitAction
    func leave(_ node: FragmentDefinition)
    func enter(_ node: Directive) -> VisitAction
    func leave(_ node: Directive)
    /// Every value, including variables, list items and object field values.
    func enter(_ node: Value) -> VisitAction
    func leave(_ node: Value)
    func enter(_ node: ObjectField) -> VisitAction
    func leave(_ node: ObjectField)
    func enter(_ node: NamedType) -> VisitAction
    /// Any node that carries directives (operations, fields, fragments, variable definitions and
    /// type-system definitions), called before the node's own `enter`.
    func enterDirectivesHolder(_ directives: [Directive], typeName: String?, isSchema: Bool)
}

extension ValidationRule {
    public static var visitedNodes: VisitedNodes { .all }
    public func enter(_ node: Document) -> VisitAction { .visitChildren }
    public func leave(_ node: Document) {}
    public func enter(_ node: OperationDefinition) -> VisitAction { .visitChildren }
    public func leave(_ node: OperationDefinition) {}
    public func enter(_ node: VariableDefinition) -> VisitAction { .visitChildren }
    public func leave(_ node: VariableDefinition) {}
    public func enter(_ node: SelectionSet) -> VisitAction { .visitChildren }
    public func leave(_ node: SelectionSet) {}
    public func enter(_ node: Field) -> VisitAction { .visitChildren }
    public func leave(_ node: Field) {}
    public func enter(_ node: Argument) -> VisitAction { .visitChildren }
    public func leave(_ node: Argument) {}
    public func enter(_ node: FragmentSpread) -> VisitAction { .visitChildren }
    public func leave(_ node: FragmentSpread) {}
    public func enter(_ node: InlineFragment) -> VisitAction { .visitChildren }
    public func leave(_ node: InlineFragment) {}
    public func enter(_ node: FragmentDefinition) -> VisitAction { .visitChildren }
    public func leave(_ node: FragmentDefinition) {}
    public func enter(_ node: Directive) -> VisitAction { .visitChildren }
    public func leave(_ node: Directive) {}
    public func enter(_ node: Value) -> VisitAction { .visitChildren }
    public func leave(_ node: Value) {}
    public func enter(_ node: ObjectField) -> VisitAction { .visitChildren }
    public func leave(_ node: ObjectField) {}
    public func enter(_ node: NamedType) -> VisitAction { .visitChildren }
    public func enterDirectivesHolder(_ directives: [Directive], typeName: String?, isSchema: Bool) {}
}

/// Kinds of nodes a `ValidationRule` handles.
public struct VisitedNodes: OptionSet, Sendable {
    public let rawValue: UInt32
    /// Creates a set from its raw value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let document = VisitedNodes(rawValue: 1 << 0)
    public static let operation = VisitedNodes(rawValue: 1 << 1)
    public static let variableDefinition = VisitedNodes(rawValue: 1 << 2)
    public static let selectionSet = VisitedNodes(rawValue: 1 << 3)
    public static let field = VisitedNodes(rawValue: 1 << 4)
    public static let argument = VisitedNodes(rawValue: 1 << 5)
    public static let fragmentSpread = VisitedNodes(rawValue: 1 << 6)
    public static let inlineFragment = VisitedNodes(rawValue: 1 << 7)
    public static let fragmentDefinition = VisitedNodes(rawValue: 1 << 8)
    public static let directive = VisitedNodes(rawValue: 1 << 9)
    public static let value = VisitedNodes(rawValue: 1 << 10)
    public static let objectField = VisitedNodes(rawValue: 1 << 11)
    public static let namedType = VisitedNodes(rawValue: 1 << 12)
    /// `enterDirectivesHolder`, for every node that carries directives.
    public static let directivesHolder = VisitedNodes(rawValue: 1 << 13)
    /// Every kind.
    public static let all = VisitedNodes(rawValue: (1 << 14) - 1)
}
