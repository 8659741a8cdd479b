import GraftLanguage

/// Spec 5.5.1.3 "Fragments on Object, Interface or Union Types" (Section-5-Validation.md):
/// fragments condition on composite types.
final class FragmentsOnCompositeTypesRule: ValidationRule {
    static let name = "FragmentsOnCompositeTypesRule"
    static let visitedNodes: VisitedNodes = [.fragmentDefinition, .inlineFragment]
    private let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: InlineFragment) -> VisitAction {
        if let condition = node.typeCondition, let type = context.types[condition.name.value], !type.isComposite {
            context.report("Fragment cannot condition on non composite type \"\(condition.name.value)\".", at: condition.range)
        }
        return .visitChildren
    }

    func enter(_ node: FragmentDefinition) -> VisitAction {
        let condition = node.typeCondition
        if let type = context.types[condition.name.value], !type.isComposite {
            context.report("Fragment \"\(node.name.value)\" cannot condition on non composite type \"\(condition.name.value)\".",
                           at: condition.range)
        }
        return .visitChildren
    }
}
