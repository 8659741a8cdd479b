import GraftLanguage

/// Spec 5.8.2 "Variables Are Input Types" (Section-5-Validation.md): variables are declared with
/// scalar, enum or input object types.
final class VariablesAreInputTypesRule: ValidationRule {
    static let name = "VariablesAreInputTypesRule"
    static let visitedNodes: VisitedNodes = .variableDefinition
    private let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: VariableDefinition) -> VisitAction {
        if let type = context.types[node.type.namedType.name.value], !type.isInputType {
            context.report("Variable \"$\(node.variable.name.value)\" cannot be non-input type \"\(node.type)\".",
                           at: node.type.range)
        }
        return .visitChildren
    }
}
