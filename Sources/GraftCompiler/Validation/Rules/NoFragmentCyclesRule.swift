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

    /// Depth first from `fragment`, in graphql-js's order, with an explicit stack rather than
    /// recursion: a chain of fragments each spreading the next is as long as the document makes it.
    private func detectCycle(_ fragment: FragmentDefinition) {
        var frames: [(name: String, spreads: [FragmentSpread], next: Int)] = []
        /// Starts searching from a fragment not visited before that spreads others.
        func enter(_ fragment: FragmentDefinition) -> Bool {
            let fragmentName = fragment.name.value
            guard visited.insert(fragmentName).inserted else { return false }
            let spreads = context.fragmentSpreads(in: fragment.selectionSet)
            guard !spreads.isEmpty else { return false }
            spreadPathIndexByName[fragmentName] = spreadPath.count
            frames.append((fragmentName, spreads, 0))
            return true
        }
        _ = enter(fragment)
        while let top = frames.last {
            guard top.next < top.spreads.count else {
                frames.removeLast()
                spreadPathIndexByName[top.name] = nil
                // The spread that led to this fragment leaves the path with it.
                if !frames.isEmpty { spreadPath.removeLast() }
                continue
            }
            frames[frames.count - 1].next += 1
            let spread = top.spreads[top.next]
            let spreadName = spread.name.value
            let cycleIndex = spreadPathIndexByName[spreadName]
            spreadPath.append(spread)
            if let cycleIndex {
                let cyclePath = spreadPath[cycleIndex...]
                let via = cyclePath.dropLast().map { "\"\($0.name.value)\"" }.joined(separator: ", ")
                context.report("Cannot spread fragment \"\(spreadName)\" within itself" + (via.isEmpty ? "." : " via \(via)."),
                               at: cyclePath.map(\.range))
            } else if let spreadFragment = context.fragment(named: spreadName), enter(spreadFragment) {
                continue
            }
            spreadPath.removeLast()
        }
    }
}
