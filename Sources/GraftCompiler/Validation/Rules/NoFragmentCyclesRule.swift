import GraftLanguage

/// Spec 5.5.2.2 "Fragment Spreads Must Not Form Cycles" (Section-5-Validation.md). A depth-first
/// search from each fragment reports every cycle once.
final class NoFragmentCyclesRule: ValidationRule {
    static let name = "NoFragmentCyclesRule"
    static let visitedNodes: VisitedNodes = [.fragmentDefinition, .operation]
    private let context: ValidationContext
    private var visited: Set<String> = []
    private var spreadPath: [FragmentSpread] = []
    private var spreadPathIndexByName: [String: Int] = [:]

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: OperationDefinition) -> VisitAction { .skipChildren }

    func enter(_ node: FragmentDefinition) -> VisitAction {
        detectCycle(node)
        return .skipChildren
    }

    private func detectCycle(_ fragment: FragmentDefinition) {
        let fragmentName = fragment.name.value
        guard visited.insert(fragmentName).inserted else { return }
        let spreads = context.fragmentSpreads(in: fragment.selectionSet)
        guard !spreads.isEmpty else { return }
        spreadPathIndexByName[fragmentName] = spreadPath.count
        for spread in spreads {
            let spreadName = spread.name.value
            let cycleIndex = spreadPathIndexByName[spreadName]
            spreadPath.append(spread)
            if let cycleIndex {
                let cyclePath = spreadPath[cycleIndex...]
                let via = cyclePath.dropLast().map { "\"\($0.name.value)\"" }.joined(separator: ", ")
                context.report("Cannot spread fragment \"\(spreadName)\" within itself" + (via.isEmpty ? "." : " via \(via)."),
                               at: cyclePath.map(\.range))
            } else if let spreadFragment = context.fragment(named: spreadName) {
                detectCycle(spreadFragment)
            }
            spreadPath.removeLast()
        }
        spreadPathIndexByName[fragmentName] = nil
    }
}
