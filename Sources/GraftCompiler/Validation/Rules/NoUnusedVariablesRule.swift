import GraftLanguage

/// Spec 5.8.4 "All Variables Used" (Section-5-Validation.md): every variable an operation defines
/// is used by it or by a fragment it spreads.
final class NoUnusedVariablesRule: ValidationRule {
    static let name = "NoUnusedVariablesRule"
    static let visitedNodes: VisitedNodes = [.operation, .variableDefinition]
    private let context: ValidationContext
    private var definitions: [VariableDefinition] = []

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: OperationDefinition) -> VisitAction {
        definitions = []
        return .visitChildren
    }

    func leave(_ operation: OperationDefinition) {
        let used = Set(context.recursiveVariableUsages(operation).map(\.variable.name.value))
        for definition in definitions where !used.contains(definition.variable.name.value) {
            let name = definition.variable.name.value
            let message = operation.name.map { "Variable \"$\(name)\" is never used in operation \"\($0.value)\"." }
                ?? "Variable \"$\(name)\" is never used."
            context.report(message, at: definition.range)
        }
    }

    func enter(_ node: VariableDefinition) -> VisitAction {
        definitions.append(node)
        return .visitChildren
    }
}
