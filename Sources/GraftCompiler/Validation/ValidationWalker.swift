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
    /// Variable usages of the operation or fragment being walked (graphql-js collects them with a
    /// second walk of each definition; the first walk has the same type information).
    private var usageKey: Int?
    private var usages: [VariableUsage] = []
    private var inVariableDefinition = false

    /// For each kind of node (bit position of `VisitedNodes`), the indices of the rules to call.
    private let rulesByKind: [[Int]]
    /// The same for nodes that carry directives: rules of the kind or of `.directivesHolder`.
    private let holderRulesByKind: [[Int]]

    init(context: ValidationContext, rules: [any ValidationRule], dispatch: RuleDispatch) {
        self.context = context
        self.typeInfo = context.typeInfo
        self.rules = rules
        self.skipDepth = Array(repeating: 0, count: rules.count)
        self.rulesByKind = dispatch.rulesByKind
        self.holderRulesByKind = dispatch.holderRulesByKind
    }

    private static func bit(_ kind: VisitedNodes) -> Int { kind.rawValue.trailingZeroBitCount }
    private static let noRules: [Int] = []

    // MARK: Dispatch

    @inline(__always)
    private mutating func enterRules(_ kind: VisitedNodes, holder: Bool = false,
                                     _ call: (any ValidationRule) -> VisitAction) -> VisitAction {
        depth += 1
        if context.isAborted { return .skipChildren }
        let list = kind.isEmpty ? Self.noRules : holder ? holderRulesByKind[Self.bit(kind)] : rulesByKind[Self.bit(kind)]
        for index in list where skipDepth[index] == 0 {
            if call(rules[index]) == .skipChildren {
                skipDepth[index] = depth
                skippingCount += 1
            }
            if context.isAborted { return .skipChildren }
        }
        return skippingCount == rules.count ? .skipChildren : .visitChildren
    }

    @inline(__always)
    private mutating func leaveRules(_ kind: VisitedNodes, holder: Bool = false, _ call: (any ValidationRule) -> Void) {
        let aborted = context.isAborted
        let list = kind.isEmpty ? Self.noRules : holder ? holderRulesByKind[Self.bit(kind)] : rulesByKind[Self.bit(kind)]
        for index in list {
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
    private mutating func enterHolder(_ kind: VisitedNodes, _ location: DirectiveLocation?, _ directives: [Directive],
                                      typeName: String? = nil, isSchema: Bool = false,
                                      _ call: (any ValidationRule) -> VisitAction) -> VisitAction {
        locations.append(location)
        context.directiveLocation = location
        return enterRules(kind, holder: true) { rule in
            rule.enterDirectivesHolder(directives, typeName: typeName, isSchema: isSchema)
            return call(rule)
        }
    }

    @inline(__always)
    private mutating func leaveHolder(_ kind: VisitedNodes, _ call: (any ValidationRule) -> Void) {
        leaveRules(kind, holder: true, call)
        locations.removeLast()
        context.directiveLocation = locations.last ?? nil
    }

    private mutating func beginUsages(_ key: Int) {
        usageKey = context.variableUsagesCache[key] == nil ? key : nil
        usages = []
    }

    private mutating func endUsages() {
        if let usageKey, !context.isAborted, context.variableUsagesCache[usageKey] == nil {
            context.variableUsagesCache[usageKey] = usages
        }
        usageKey = nil
        usages = []
    }

    // MARK: Executable nodes

    mutating func enter(_ node: Document) -> VisitAction { enterRules(.document) { $0.enter(node) } }
    mutating func leave(_ node: Document) { leaveRules(.document) { $0.leave(node) } }

    mutating func enter(_ node: OperationDefinition) -> VisitAction {
        context.isInTypeSystemDefinition = false
        beginUsages(node.range.start)
        typeInfo.enter(node)
        let location: DirectiveLocation = switch node.operation {
        case .query: .query
        case .mutation: .mutation
        case .subscription: .subscription
        }
        return enterHolder(.operation, location, node.directives) { $0.enter(node) }
    }

    mutating func leave(_ node: OperationDefinition) {
        endUsages()
        leaveHolder(.operation) { $0.leave(node) }
        typeInfo.leave(node)
    }

    mutating func enter(_ node: VariableDefinition) -> VisitAction {
        inVariableDefinition = true
        typeInfo.enter(node)
        return enterHolder(.variableDefinition, .variableDefinition, node.directives) { $0.enter(node) }
    }

    mutating func leave(_ node: VariableDefinition) {
        leaveHolder(.variableDefinition) { $0.leave(node) }
        typeInfo.leave(node)
        inVariableDefinition = false
    }

    mutating func enter(_ node: SelectionSet) -> VisitAction {
        typeInfo.enter(node)
        return enterRules(.selectionSet) { $0.enter(node) }
    }

    mutating func leave(_ node: SelectionSet) {
        leaveRules(.selectionSet) { $0.leave(node) }
        typeInfo.leave(node)
    }

    mutating func enter(_ node: Field) -> VisitAction {
        typeInfo.enter(node)
        return enterHolder(.field, .field, node.directives) { $0.enter(node) }
    }

    mutating func leave(_ node: Field) {
        leaveHolder(.field) { $0.leave(node) }
        typeInfo.leave(node)
    }

    mutating func enter(_ node: Argument) -> VisitAction {
        typeInfo.enter(node)
        return enterRules(.argument) { $0.enter(node) }
    }

    mutating func leave(_ node: Argument) {
        leaveRules(.argument) { $0.leave(node) }
        typeInfo.leave(node)
    }

    mutating func enter(_ node: FragmentSpread) -> VisitAction {
        enterHolder(.fragmentSpread, .fragmentSpread, node.directives) { $0.enter(node) }
    }

    mutating func leave(_ node: FragmentSpread) { leaveHolder(.fragmentSpread) { $0.leave(node) } }

    mutating func enter(_ node: InlineFragment) -> VisitAction {
        typeInfo.enter(node)
        return enterHolder(.inlineFragment, .inlineFragment, node.directives) { $0.enter(node) }
    }

    mutating func leave(_ node: InlineFragment) {
        leaveHolder(.inlineFragment) { $0.leave(node) }
        typeInfo.leave(node)
    }

    mutating func enter(_ node: FragmentDefinition) -> VisitAction {
        context.isInTypeSystemDefinition = false
        beginUsages(node.range.start)
        typeInfo.enter(node)
        return enterHolder(.fragmentDefinition, .fragmentDefinition, node.directives) { $0.enter(node) }
    }

    mutating func leave(_ node: FragmentDefinition) {
        endUsages()
        leaveHolder(.fragmentDefinition) { $0.leave(node) }
        typeInfo.leave(node)
    }

    mutating func enter(_ node: Directive) -> VisitAction {
        typeInfo.enter(node)
        return enterRules(.directive) { $0.enter(node) }
    }

    mutating func leave(_ node: Directive) {
        leaveRules(.directive) { $0.leave(node) }
        typeInfo.leave(node)
    }

    mutating func enter(_ node: Value) -> VisitAction {
        typeInfo.enter(node)
        if usageKey != nil, !inVariableDefinition, case .variable(let variable) = node {
            usages.append(VariableUsage(variable: variable, type: typeInfo.inputType,
                                        defaultValue: typeInfo.defaultValue, parentType: typeInfo.parentInputType))
        }
        return enterRules(.value) { $0.enter(node) }
    }

    mutating func leave(_ node: Value) {
        leaveRules(.value) { $0.leave(node) }
        typeInfo.leave(node)
    }

    mutating func enter(_ node: ObjectField) -> VisitAction {
        typeInfo.enter(node)
        return enterRules(.objectField) { $0.enter(node) }
    }

    mutating func leave(_ node: ObjectField) {
        leaveRules(.objectField) { $0.leave(node) }
        typeInfo.leave(node)
    }

    mutating func enter(_ node: NamedType) -> VisitAction { enterRules(.namedType) { $0.enter(node) } }
    mutating func leave(_ node: NamedType) { leaveRules(.namedType) { _ in } }

    // MARK: Type-system nodes (only directives and type names are checked in them)

    mutating func enterSchema(_ node: SchemaDefinition, isExtension: Bool) -> VisitAction {
        context.isInTypeSystemDefinition = true
        return enterHolder(.directivesHolder, .schema, node.directives, isSchema: true) { _ in .visitChildren }
    }

    mutating func leaveSchema(_ node: SchemaDefinition, isExtension: Bool) { leaveHolder(.directivesHolder) { _ in } }

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
        return enterHolder(.directivesHolder, location, node.directives, typeName: node.name.value) { _ in .visitChildren }
    }

    mutating func leaveType(_ node: TypeDefinition, isExtension: Bool) {
        leaveHolder(.directivesHolder) { _ in }
        inInputObjectDefinition = false
    }

    mutating func enter(_ node: FieldDefinition) -> VisitAction {
        enterHolder(.directivesHolder, .fieldDefinition, node.directives) { _ in .visitChildren }
    }

    mutating func leave(_ node: FieldDefinition) { leaveHolder(.directivesHolder) { _ in } }

    mutating func enter(_ node: InputValueDefinition) -> VisitAction {
        let location: DirectiveLocation = inInputObjectDefinition ? .inputFieldDefinition : .argumentDefinition
        return enterHolder(.directivesHolder, location, node.directives) { _ in .visitChildren }
    }

    mutating func leave(_ node: InputValueDefinition) { leaveHolder(.directivesHolder) { _ in } }

    mutating func enter(_ node: EnumValueDefinition) -> VisitAction {
        enterHolder(.directivesHolder, .enumValue, node.directives) { _ in .visitChildren }
    }

    mutating func leave(_ node: EnumValueDefinition) { leaveHolder(.directivesHolder) { _ in } }

    mutating func enter(_ node: DirectiveDefinition) -> VisitAction {
        context.isInTypeSystemDefinition = true
        return enterRules([]) { _ in .visitChildren }
    }

    mutating func leave(_ node: DirectiveDefinition) { leaveRules([]) { _ in } }
}

/// Which rules the walk calls for each kind of node, computed once per rule list.
struct RuleDispatch: Sendable {
    let rulesByKind: [[Int]]
    let holderRulesByKind: [[Int]]

    init(_ rules: [any ValidationRule.Type]) {
        let visited = rules.map { $0.visitedNodes }
        var byKind: [[Int]] = []
        var holders: [[Int]] = []
        for bit in 0..<14 {
            let kind = VisitedNodes(rawValue: 1 << UInt32(bit))
            byKind.append(visited.indices.filter { visited[$0].contains(kind) })
            holders.append(visited.indices.filter { visited[$0].contains(kind) || visited[$0].contains(.directivesHolder) })
        }
        rulesByKind = byKind
        holderRulesByKind = holders
    }
}
