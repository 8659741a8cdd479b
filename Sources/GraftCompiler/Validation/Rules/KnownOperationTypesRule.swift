import GraftLanguage

/// Spec 5.2.1.1 "Operation Type Existence" (Section-5-Validation.md): the schema has the root
/// type of each operation's kind. graphql-js 17's rule and message; graphql-js 16 has no such
/// rule and leaves the operation to fail at execution.
final class KnownOperationTypesRule: ValidationRule {
    static let name = "KnownOperationTypesRule"
    static let visitedNodes: VisitedNodes = .operation
    private let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: OperationDefinition) -> VisitAction {
        if context.schema.rootType(for: node.operation) == nil {
            context.report("The \(node.operation.rawValue) operation is not supported by the schema.", at: node.range)
        }
        return .visitChildren
    }
}
