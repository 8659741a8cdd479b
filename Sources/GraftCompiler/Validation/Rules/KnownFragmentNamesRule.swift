import GraftLanguage

/// Spec 5.5.2.1 "Fragment Spread Target Defined" (Section-5-Validation.md): spread fragments exist.
final class KnownFragmentNamesRule: ValidationRule {
    static let name = "KnownFragmentNamesRule"
    static let visitedNodes: VisitedNodes = .fragmentSpread
    private let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: FragmentSpread) -> VisitAction {
        if context.fragment(named: node.name.value) == nil {
            context.report("Unknown fragment \"\(node.name.value)\".", at: node.name.range)
        }
        return .visitChildren
    }
}
