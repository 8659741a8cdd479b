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

    /// Called before the children of a `Document`.
    func enter(_ node: Document) -> VisitAction
    /// Called after the children of a `Document`.
    func leave(_ node: Document)
    /// Called before the children of a `OperationDefinition`.
    func enter(_ node: OperationDefinition) -> VisitAction
    /// Called after the children of a `OperationDefinition`.
    func leave(_ node: OperationDefinition)
    /// Called before the children of a `VariableDefinition`.
    func enter(_ node: VariableDefinition) -> VisitAction
    /// Called after the children of a `VariableDefinition`.
    func leave(_ node: VariableDefinition)
    /// Called before the children of a `SelectionSet`.
    func enter(_ node: SelectionSet) -> VisitAction
    /// Called after the children of a `SelectionSet`.
    func leave(_ node: SelectionSet)
    /// Called before the children of a `Field`.
    func enter(_ node: Field) -> VisitAction
    /// Called after the children of a `Field`.
    func leave(_ node: Field)
    /// Called before the children of a `Argument`.
    func enter(_ node: Argument) -> VisitAction
    /// Called after the children of a `Argument`.
    func leave(_ node: Argument)
    /// Called before the children of a `FragmentSpread`.
    func enter(_ node: FragmentSpread) -> VisitAction
    /// Called after the children of a `FragmentSpread`.
    func leave(_ node: FragmentSpread)
    /// Called before the children of a `InlineFragment`.
    func enter(_ node: InlineFragment) -> VisitAction
    /// Called after the children of a `InlineFragment`.
    func leave(_ node: InlineFragment)
    /// Called before the children of a `FragmentDefinition`.
    func enter(_ node: FragmentDefinition) -> VisitAction
    /// Called after the children of a `FragmentDefinition`.
    func leave(_ node: FragmentDefinition)
    /// Called before the children of a `Directive`.
    func enter(_ node: Directive) -> VisitAction
    /// Called after the children of a `Directive`.
    func leave(_ node: Directive)
    /// Every value, including variables, list items and object field values.
    func enter(_ node: Value) -> VisitAction
    /// Called after the children of a `Value`.
    func leave(_ node: Value)
    /// Called before the children of a `ObjectField`.
    func enter(_ node: ObjectField) -> VisitAction
    /// Called after the children of a `ObjectField`.
    func leave(_ node: ObjectField)
    /// Called before the children of a `NamedType`.
    func enter(_ node: NamedType) -> VisitAction
    /// Any node that carries directives (operations, fields, fragments, variable definitions and
    /// type-system definitions), called before the node's own `enter`.
    func enterDirectivesHolder(_ directives: [Directive], typeName: String?, isSchema: Bool)
}

extension ValidationRule {
    /// Every kind of node.
    public static var visitedNodes: VisitedNodes { .all }
    /// Does nothing and visits the children.
    public func enter(_ node: Document) -> VisitAction { .visitChildren }
    /// Does nothing.
    public func leave(_ node: Document) {}
    /// Does nothing and visits the children.
    public func enter(_ node: OperationDefinition) -> VisitAction { .visitChildren }
    /// Does nothing.
    public func leave(_ node: OperationDefinition) {}
    /// Does nothing and visits the children.
    public func enter(_ node: VariableDefinition) -> VisitAction { .visitChildren }
    /// Does nothing.
    public func leave(_ node: VariableDefinition) {}
    /// Does nothing and visits the children.
    public func enter(_ node: SelectionSet) -> VisitAction { .visitChildren }
    /// Does nothing.
    public func leave(_ node: SelectionSet) {}
    /// Does nothing and visits the children.
    public func enter(_ node: Field) -> VisitAction { .visitChildren }
    /// Does nothing.
    public func leave(_ node: Field) {}
    /// Does nothing and visits the children.
    public func enter(_ node: Argument) -> VisitAction { .visitChildren }
    /// Does nothing.
    public func leave(_ node: Argument) {}
    /// Does nothing and visits the children.
    public func enter(_ node: FragmentSpread) -> VisitAction { .visitChildren }
    /// Does nothing.
    public func leave(_ node: FragmentSpread) {}
    /// Does nothing and visits the children.
    public func enter(_ node: InlineFragment) -> VisitAction { .visitChildren }
    /// Does nothing.
    public func leave(_ node: InlineFragment) {}
    /// Does nothing and visits the children.
    public func enter(_ node: FragmentDefinition) -> VisitAction { .visitChildren }
    /// Does nothing.
    public func leave(_ node: FragmentDefinition) {}
    /// Does nothing and visits the children.
    public func enter(_ node: Directive) -> VisitAction { .visitChildren }
    /// Does nothing.
    public func leave(_ node: Directive) {}
    /// Does nothing and visits the children.
    public func enter(_ node: Value) -> VisitAction { .visitChildren }
    /// Does nothing.
    public func leave(_ node: Value) {}
    /// Does nothing and visits the children.
    public func enter(_ node: ObjectField) -> VisitAction { .visitChildren }
    /// Does nothing.
    public func leave(_ node: ObjectField) {}
    /// Does nothing and visits the children.
    public func enter(_ node: NamedType) -> VisitAction { .visitChildren }
    /// Does nothing.
    public func enterDirectivesHolder(_ directives: [Directive], typeName: String?, isSchema: Bool) {}
}
