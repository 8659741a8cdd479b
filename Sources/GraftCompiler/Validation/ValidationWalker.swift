import GraftLanguage

/// The one walk of a validation run: updates the `TypeInfo`, then calls each rule in order,
/// suspending a rule below a node where its `enter` returned `.skipChildren` (graphql-js
/// `visitInParallel` inside `visitWithTypeInfo`).
struct ValidationWalker: ASTVisitor {
    let context: ValidationContext
    let typeInfo: TypeInfo
    let rules: [any ValidationRule]
    /// For each rule, the depth of the node below which it is suspended, or 0.
    private var skipDepth: [Int]
    private var skippingCount = 0
    private var depth = 0
    private var locations: [DirectiveLocation?] = []
    private var inInputObjectDefinition = false

    init(context: ValidationContext, rules: [any ValidationRule]) {
        self.context = context
        self.typeInfo = context.typeInfo
        self.rules = rules
        self.skipDepth = Array(repeating: 0, count: rules.count)
    }

    // MARK: Dispatch

    @inline(__always)
    private mutating func enterRules(_ call: (any ValidationRule) -> VisitAction) -> VisitAction {
        depth += 1
        if context.isAborted { return .skipChildren }
        for index in rules.indices where skipDepth[index] == 0 {
            if call(rules[index]) == .skipChildren {
                skipDepth[index] = depth
                skippingCount += 1
            }
            if context.isAborted { return .skipChildren }
        }
        return skippingCount == rules.count ? .skipChildren : .visitChildren
    }

    @inline(__always)
    private mutating func leaveRules(_ call: (any ValidationRule) -> Void) {
        let aborted = context.isAborted
        for index in rules.indices {
            if skipDepth[index] == 0 {
                if !aborted { call(rules[index]) }
            } else if skipDepth[index] == depth {
                skipDepth[index] = 0
                skippingCount -= 1
            }
        }
        depth -= 1
    }

    /// Enters a node that carries directives: records the directive location, tells the rules.
    @inline(__always)
    private mutating func enterHolder(_ location: DirectiveLocation?, _ directives: [Directive],
                                      typeName: String? = nil, isSchema: Bool = false,
                                      _ call: (any ValidationRule) -> VisitAction) -> VisitAction {
        locations.append(location)
        context.directiveLocation = location
        return enterRules { rule in
            rule.enterDirectivesHolder(directives, typeName: typeName, isSchema: isSchema)
            return call(rule)
        }
    }

    @inline(__always)
    private mutating func leaveHolder(_ call: (any ValidationRule) -> Void) {
        leaveRules(call)
        locations.removeLast()
        context.directiveLocation = locations.last ?? nil
    }

    // MARK: Executable nodes

    mutating func enter(_ node: Document) -> VisitAction { enterRules { $0.enter(node) } }
    mutating func leave(_ node: Document) { leaveRules { $0.leave(node) } }

    mutating func enter(_ node: OperationDefinition) -> VisitAction {
        context.isInTypeSystemDefinition = false
        typeInfo.enter(node)
        let location: DirectiveLocation = switch node.operation {
        case .query: .query
        case .mutation: .mutation
        case .subscription: .subscription
        }
        return enterHolder(location, node.directives) { $0.enter(node) }
    }

    mutating func leave(_ node: OperationDefinition) {
        leaveHolder { $0.leave(node) }
        typeInfo.leave(node)
    }

    mutating func enter(_ node: VariableDefinition) -> VisitAction {
        typeInfo.enter(node)
        return enterHolder(.variableDefinition, node.directives) { $0.enter(node) }
    }

    mutating func leave(_ node: VariableDefinition) {
        leaveHolder { $0.leave(node) }
        typeInfo.leave(node)
    }

    mutating func enter(_ node: SelectionSet) -> VisitAction {
        typeInfo.enter(node)
        return enterRules { $0.enter(node) }
    }

    mutating func leave(_ node: SelectionSet) {
        leaveRules { $0.leave(node) }
        typeInfo.leave(node)
    }

    mutating func enter(_ node: Field) -> VisitAction {
        typeInfo.enter(node)
        return enterHolder(.field, node.directives) { $0.enter(node) }
    }

    mutating func leave(_ node: Field) {
        leaveHolder { $0.leave(node) }
        typeInfo.leave(node)
    }

    mutating func enter(_ node: Argument) -> VisitAction {
        typeInfo.enter(node)
        return enterRules { $0.enter(node) }
    }

    mutating func leave(_ node: Argument) {
        leaveRules { $0.leave(node) }
        typeInfo.leave(node)
    }

    mutating func enter(_ node: FragmentSpread) -> VisitAction {
        enterHolder(.fragmentSpread, node.directives) { $0.enter(node) }
    }

    mutating func leave(_ node: FragmentSpread) { leaveHolder { $0.leave(node) } }

    mutating func enter(_ node: InlineFragment) -> VisitAction {
        typeInfo.enter(node)
        return enterHolder(.inlineFragment, node.directives) { $0.enter(node) }
    }

    mutating func leave(_ node: InlineFragment) {
        leaveHolder { $0.leave(node) }
        typeInfo.leave(node)
    }

    mutating func enter(_ node: FragmentDefinition) -> VisitAction {
        context.isInTypeSystemDefinition = false
        typeInfo.enter(node)
        return enterHolder(.fragmentDefinition, node.directives) { $0.enter(node) }
    }

    mutating func leave(_ node: FragmentDefinition) {
        leaveHolder { $0.leave(node) }
        typeInfo.leave(node)
    }

    mutating func enter(_ node: Directive) -> VisitAction {
        typeInfo.enter(node)
        return enterRules { $0.enter(node) }
    }

    mutating func leave(_ node: Directive) {
        leaveRules { $0.leave(node) }
        typeInfo.leave(node)
    }

    mutating func enter(_ node: Value) -> VisitAction {
        typeInfo.enter(node)
        return enterRules { $0.enter(node) }
    }

    mutating func leave(_ node: Value) {
        leaveRules { $0.leave(node) }
        typeInfo.leave(node)
    }

    mutating func enter(_ node: ObjectField) -> VisitAction {
        typeInfo.enter(node)
        return enterRules { $0.enter(node) }
    }

    mutating func leave(_ node: ObjectField) {
        leaveRules { $0.leave(node) }
        typeInfo.leave(node)
    }

    mutating func enter(_ node: NamedType) -> VisitAction { enterRules { $0.enter(node) } }
    mutating func leave(_ node: NamedType) { leaveRules { _ in } }

    // MARK: Type-system nodes (only directives and type names are checked in them)

    mutating func enterSchema(_ node: SchemaDefinition, isExtension: Bool) -> VisitAction {
        context.isInTypeSystemDefinition = true
        return enterHolder(.schema, node.directives, isSchema: true) { _ in .visitChildren }
    }

    mutating func leaveSchema(_ node: SchemaDefinition, isExtension: Bool) { leaveHolder { _ in } }

    mutating func enterType(_ node: TypeDefinition, isExtension: Bool) -> VisitAction {
        context.isInTypeSystemDefinition = true
        let location: DirectiveLocation
        switch node {
        case .scalar: location = .scalar
        case .object: location = .object
        case .interface: location = .interface
        case .union: location = .union
        case .enum: location = .enum
        case .inputObject: location = .inputObject
        }
        if case .inputObject = node { inInputObjectDefinition = true }
        return enterHolder(location, node.directives, typeName: node.name.value) { _ in .visitChildren }
    }

    mutating func leaveType(_ node: TypeDefinition, isExtension: Bool) {
        leaveHolder { _ in }
        inInputObjectDefinition = false
    }

    mutating func enter(_ node: FieldDefinition) -> VisitAction {
        enterHolder(.fieldDefinition, node.directives) { _ in .visitChildren }
    }

    mutating func leave(_ node: FieldDefinition) { leaveHolder { _ in } }

    mutating func enter(_ node: InputValueDefinition) -> VisitAction {
        let location: DirectiveLocation = inInputObjectDefinition ? .inputFieldDefinition : .argumentDefinition
        return enterHolder(location, node.directives) { _ in .visitChildren }
    }

    mutating func leave(_ node: InputValueDefinition) { leaveHolder { _ in } }

    mutating func enter(_ node: EnumValueDefinition) -> VisitAction {
        enterHolder(.enumValue, node.directives) { _ in .visitChildren }
    }

    mutating func leave(_ node: EnumValueDefinition) { leaveHolder { _ in } }

    mutating func enter(_ node: DirectiveDefinition) -> VisitAction {
        context.isInTypeSystemDefinition = true
        return enterRules { _ in .visitChildren }
    }

    mutating func leave(_ node: DirectiveDefinition) { leaveRules { _ in } }
}
