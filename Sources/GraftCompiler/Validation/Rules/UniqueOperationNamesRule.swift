import GraftLanguage

/// Spec 5.2.2.1 "Operation Name Uniqueness" (Section-5-Validation.md): named operations have
/// unique names.
final class UniqueOperationNamesRule: ValidationRule {
    static let name = "UniqueOperationNamesRule"
    static let visitedNodes: VisitedNodes = [.fragmentDefinition, .operation]
    private let context: ValidationContext
    private var known: [String: Name] = [:]

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: OperationDefinition) -> VisitAction {
        if let name = node.name {
            if let first = known[name.value] {
                context.report("There can be only one operation named \"\(name.value)\".", at: [first.range, name.range])
            } else {
                known[name.value] = name
            }
        }
        return .skipChildren
    }

    func enter(_ node: FragmentDefinition) -> VisitAction { .skipChildren }
}
