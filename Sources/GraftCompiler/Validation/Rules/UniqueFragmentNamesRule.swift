import GraftLanguage

/// Spec 5.5.1.1 "Fragment Name Uniqueness" (Section-5-Validation.md): fragment names are unique.
final class UniqueFragmentNamesRule: ValidationRule {
    static let name = "UniqueFragmentNamesRule"
    static let visitedNodes: VisitedNodes = [.fragmentDefinition, .operation]
    private let context: ValidationContext
    private var known: [String: Name] = [:]

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: OperationDefinition) -> VisitAction { .skipChildren }

    func enter(_ node: FragmentDefinition) -> VisitAction {
        let name = node.name
        if let first = known[name.value] {
            context.report("There can be only one fragment named \"\(name.value)\".", at: [first.range, name.range])
        } else {
            known[name.value] = name
        }
        return .skipChildren
    }
}
