import GraftLanguage

/// A variable used in an operation or fragment, with the input type expected where it is used.
public struct VariableUsage: Sendable {
    /// The variable node.
    public var variable: Variable
    /// The type expected at the usage, or nil if unknown.
    public var type: TypeRef?
    /// The default value of the argument or input field the variable is given to, if any.
    public var defaultValue: Value?
    /// The input type enclosing the usage (the input object of an object field), if any.
    public var parentType: TypeRef?
}

extension ValidationContext {
    /// The variables used in an operation's own selections, directives and arguments.
    public func variableUsages(_ operation: OperationDefinition) -> [VariableUsage] {
        let key = operation.range.start
        if let cached = variableUsagesCache[key] { return cached }
        let usages = collectUsages(.operation(operation), range: operation.range)
        variableUsagesCache[key] = usages
        return usages
    }

    /// The variables used in a fragment.
    public func variableUsages(_ fragment: FragmentDefinition) -> [VariableUsage] {
        let key = fragment.range.start
        if let cached = variableUsagesCache[key] { return cached }
        let usages = collectUsages(.fragment(fragment), range: fragment.range)
        variableUsagesCache[key] = usages
        return usages
    }

    /// The variables used by an operation and every fragment it references.
    public func recursiveVariableUsages(_ operation: OperationDefinition) -> [VariableUsage] {
        let key = operation.range.start
        if let cached = recursiveVariableUsagesCache[key] { return cached }
        var usages = variableUsages(operation)
        for fragment in recursivelyReferencedFragments(operation) {
            usages += variableUsages(fragment)
        }
        recursiveVariableUsagesCache[key] = usages
        return usages
    }

    private func collectUsages(_ definition: Definition, range: SourceRange) -> [VariableUsage] {
        var collector = VariableUsageCollector(typeInfo: TypeInfo(types: types))
        Document(definitions: [definition], range: range).walk(&collector)
        return collector.usages
    }
}

/// Walks one definition with its own `TypeInfo`, recording each variable usage (variable
/// definitions themselves are skipped).
private struct VariableUsageCollector: ASTVisitor {
    let typeInfo: TypeInfo
    var usages: [VariableUsage] = []

    mutating func enter(_ node: OperationDefinition) -> VisitAction { typeInfo.enter(node); return .visitChildren }
    mutating func leave(_ node: OperationDefinition) { typeInfo.leave(node) }
    mutating func enter(_ node: VariableDefinition) -> VisitAction { .skipChildren }
    mutating func enter(_ node: SelectionSet) -> VisitAction { typeInfo.enter(node); return .visitChildren }
    mutating func leave(_ node: SelectionSet) { typeInfo.leave(node) }
    mutating func enter(_ node: Field) -> VisitAction { typeInfo.enter(node); return .visitChildren }
    mutating func leave(_ node: Field) { typeInfo.leave(node) }
    mutating func enter(_ node: Argument) -> VisitAction { typeInfo.enter(node); return .visitChildren }
    mutating func leave(_ node: Argument) { typeInfo.leave(node) }
    mutating func enter(_ node: InlineFragment) -> VisitAction { typeInfo.enter(node); return .visitChildren }
    mutating func leave(_ node: InlineFragment) { typeInfo.leave(node) }
    mutating func enter(_ node: FragmentDefinition) -> VisitAction { typeInfo.enter(node); return .visitChildren }
    mutating func leave(_ node: FragmentDefinition) { typeInfo.leave(node) }
    mutating func enter(_ node: Directive) -> VisitAction { typeInfo.enter(node); return .visitChildren }
    mutating func leave(_ node: Directive) { typeInfo.leave(node) }
    mutating func enter(_ node: ObjectField) -> VisitAction { typeInfo.enter(node); return .visitChildren }
    mutating func leave(_ node: ObjectField) { typeInfo.leave(node) }

    mutating func enter(_ node: Value) -> VisitAction {
        typeInfo.enter(node)
        if case .variable(let variable) = node {
            usages.append(VariableUsage(variable: variable, type: typeInfo.inputType,
                                        defaultValue: typeInfo.defaultValue, parentType: typeInfo.parentInputType))
        }
        return .visitChildren
    }

    mutating func leave(_ node: Value) { typeInfo.leave(node) }
}
