import GraftLanguage

/// Spec 5.5.1.4 "Fragments Must Be Used" (Section-5-Validation.md): every fragment is used by an
/// operation, directly or through other fragments.
final class NoUnusedFragmentsRule: ValidationRule {
    static let name = "NoUnusedFragmentsRule"
    static let visitedNodes: VisitedNodes = [.fragmentDefinition, .operation, .document]
    private let context: ValidationContext
    private var operations: [OperationDefinition] = []
    private var fragments: [FragmentDefinition] = []

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: OperationDefinition) -> VisitAction {
        operations.append(node)
        return .skipChildren
    }

    func enter(_ node: FragmentDefinition) -> VisitAction {
        fragments.append(node)
        return .skipChildren
    }

    func leave(_ node: Document) {
        var used: Set<String> = []
        for operation in operations {
            for fragment in context.recursivelyReferencedFragments(operation) { used.insert(fragment.name.value) }
        }
        for fragment in fragments where !used.contains(fragment.name.value) {
            context.report("Fragment \"\(fragment.name.value)\" is never used.", at: fragment.range)
        }
    }
}
