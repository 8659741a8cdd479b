import GraftLanguage

/// Spec 5.5.2.3 "Fragment Spread Is Possible" (Section-5-Validation.md): a fragment's type and its
/// parent type have at least one object type in common.
final class PossibleFragmentSpreadsRule: ValidationRule {
    static let name = "PossibleFragmentSpreadsRule"
    static let visitedNodes: VisitedNodes = [.fragmentSpread, .inlineFragment]
    private let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: InlineFragment) -> VisitAction {
        guard let fragmentType = context.typeInfo.namedType, fragmentType.isComposite,
              let parentType = context.parentType, !fragmentType.overlaps(parentType) else { return .visitChildren }
        context.report("Fragment cannot be spread here as objects of type \"\(parentType.name)\" can never be of type \"\(fragmentType.name)\".",
                       at: node.range)
        return .visitChildren
    }

    func enter(_ node: FragmentSpread) -> VisitAction {
        let name = node.name.value
        guard let fragment = context.fragment(named: name),
              let fragmentType = context.types[fragment.typeCondition.name.value], fragmentType.isComposite,
              let parentType = context.parentType, !fragmentType.overlaps(parentType) else { return .visitChildren }
        context.report("Fragment \"\(name)\" cannot be spread here as objects of type \"\(parentType.name)\" can never be of type \"\(fragmentType.name)\".",
                       at: node.range)
        return .visitChildren
    }
}
