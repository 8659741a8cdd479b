/// What a visitor wants after entering a node.
public enum VisitAction: Sendable {
    /// Visit the node's children, then leave it.
    case visitChildren
    /// Do not visit the node's children (its `leave` is still called).
    case skipChildren
}

/// A visitor over the AST, in the style of graphql-js's `visit`: `enter` is called before a node's
/// children, `leave` after. Every method has a default that does nothing, so a visitor implements
/// only what it needs. Walk a document with `document.walk(&visitor)`.
public protocol ASTVisitor {
    mutating func enter(_ node: Document) -> VisitAction
    mutating func leave(_ node: Document)
    mutating func enter(_ node: OperationDefinition) -> VisitAction
    mutating func leave(_ node: OperationDefinition)
    mutating func enter(_ node: VariableDefinition) -> VisitAction
    mutating func leave(_ node: VariableDefinition)
    mutating func enter(_ node: SelectionSet) -> VisitAction
    mutating func leave(_ node: SelectionSet)
    mutating func enter(_ node: Field) -> VisitAction
    mutating func leave(_ node: Field)
    mutating func enter(_ node: Argument) -> VisitAction
    mutating func leave(_ node: Argument)
    mutating func enter(_ node: FragmentSpread) -> VisitAction
    mutating func leave(_ node: FragmentSpread)
    mutating func enter(_ node: InlineFragment) -> VisitAction
    mutating func leave(_ node: InlineFragment)
    mutating func enter(_ node: FragmentDefinition) -> VisitAction
    mutating func leave(_ node: FragmentDefinition)
    mutating func enter(_ node: Directive) -> VisitAction
    mutating func leave(_ node: Directive)
    /// Every value, including list items, object field values and variables.
    mutating func enter(_ node: Value) -> VisitAction
    mutating func leave(_ node: Value)
    mutating func enter(_ node: ObjectField) -> VisitAction
    mutating func leave(_ node: ObjectField)
    mutating func enter(_ node: NamedType) -> VisitAction
    mutating func leave(_ node: NamedType)
    mutating func enterSchema(_ node: SchemaDefinition, isExtension: Bool) -> VisitAction
    mutating func leaveSchema(_ node: SchemaDefinition, isExtension: Bool)
    mutating func enter(_ node: OperationTypeDefinition) -> VisitAction
    mutating func leave(_ node: OperationTypeDefinition)
    mutating func enterType(_ node: TypeDefinition, isExtension: Bool) -> VisitAction
    mutating func leaveType(_ node: TypeDefinition, isExtension: Bool)
    mutating func enter(_ node: FieldDefinition) -> VisitAction
    mutating func leave(_ node: FieldDefinition)
    mutating func enter(_ node: InputValueDefinition) -> VisitAction
    mutating func leave(_ node: InputValueDefinition)
    mutating func enter(_ node: EnumValueDefinition) -> VisitAction
    mutating func leave(_ node: EnumValueDefinition)
    mutating func enter(_ node: DirectiveDefinition) -> VisitAction
    mutating func leave(_ node: DirectiveDefinition)
}

extension ASTVisitor {
    public mutating func enter(_ node: Document) -> VisitAction { .visitChildren }
    public mutating func leave(_ node: Document) {}
    public mutating func enter(_ node: OperationDefinition) -> VisitAction { .visitChildren }
    public mutating func leave(_ node: OperationDefinition) {}
    public mutating func enter(_ node: VariableDefinition) -> VisitAction { .visitChildren }
    public mutating func leave(_ node: VariableDefinition) {}
    public mutating func enter(_ node: SelectionSet) -> VisitAction { .visitChildren }
    public mutating func leave(_ node: SelectionSet) {}
    public mutating func enter(_ node: Field) -> VisitAction { .visitChildren }
    public mutating func leave(_ node: Field) {}
    public mutating func enter(_ node: Argument) -> VisitAction { .visitChildren }
    public mutating func leave(_ node: Argument) {}
    public mutating func enter(_ node: FragmentSpread) -> VisitAction { .visitChildren }
    public mutating func leave(_ node: FragmentSpread) {}
    public mutating func enter(_ node: InlineFragment) -> VisitAction { .visitChildren }
    public mutating func leave(_ node: InlineFragment) {}
    public mutating func enter(_ node: FragmentDefinition) -> VisitAction { .visitChildren }
    public mutating func leave(_ node: FragmentDefinition) {}
    public mutating func enter(_ node: Directive) -> VisitAction { .visitChildren }
    public mutating func leave(_ node: Directive) {}
    public mutating func enter(_ node: Value) -> VisitAction { .visitChildren }
    public mutating func leave(_ node: Value) {}
    public mutating func enter(_ node: ObjectField) -> VisitAction { .visitChildren }
    public mutating func leave(_ node: ObjectField) {}
    public mutating func enter(_ node: NamedType) -> VisitAction { .visitChildren }
    public mutating func leave(_ node: NamedType) {}
    public mutating func enterSchema(_ node: SchemaDefinition, isExtension: Bool) -> VisitAction { .visitChildren }
    public mutating func leaveSchema(_ node: SchemaDefinition, isExtension: Bool) {}
    public mutating func enter(_ node: OperationTypeDefinition) -> VisitAction { .visitChildren }
    public mutating func leave(_ node: OperationTypeDefinition) {}
    public mutating func enterType(_ node: TypeDefinition, isExtension: Bool) -> VisitAction { .visitChildren }
    public mutating func leaveType(_ node: TypeDefinition, isExtension: Bool) {}
    public mutating func enter(_ node: FieldDefinition) -> VisitAction { .visitChildren }
    public mutating func leave(_ node: FieldDefinition) {}
    public mutating func enter(_ node: InputValueDefinition) -> VisitAction { .visitChildren }
    public mutating func leave(_ node: InputValueDefinition) {}
    public mutating func enter(_ node: EnumValueDefinition) -> VisitAction { .visitChildren }
    public mutating func leave(_ node: EnumValueDefinition) {}
    public mutating func enter(_ node: DirectiveDefinition) -> VisitAction { .visitChildren }
    public mutating func leave(_ node: DirectiveDefinition) {}
}
