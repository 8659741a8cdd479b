import GraftLanguage

/// Spec 5.8.3 "All Variable Uses Defined" (Section-5-Validation.md): every variable an operation
/// uses (through fragments too) is defined by the operation.
final class NoUndefinedVariablesRule: ValidationRule {
    static let name = "NoUndefinedVariablesRule"
    static let visitedNodes: VisitedNodes = [.operation, .variableDefinition]
    private let context: ValidationContext
    private var defined: Set<String> = []

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: OperationDefinition) -> VisitAction {
        defined = []
        return .visitChildren
    }

    func leave(_ operation: OperationDefinition) {
        for usage in context.recursiveVariableUsages(operation) where !defined.contains(usage.variable.name.value) {
            let name = usage.variable.name.value
            let message = operation.name.map { "Variable \"$\(name)\" is not defined by operation \"\($0.value)\"." }
                ?? "Variable \"$\(name)\" is not defined."
            context.report(message, at: [usage.variable.range, operation.range])
        }
    }

    func enter(_ node: VariableDefinition) -> VisitAction {
        defined.insert(node.variable.name.value)
        return .visitChildren
    }
}
