import GraftLanguage

/// Spec 5.6.3 "Input Object Field Uniqueness" (Section-5-Validation.md): an object literal gives
/// each field at most once.
final class OperationUniqueInputFieldNamesRule: ValidationRule {
    static let name = "UniqueInputFieldNamesRule"
    static let visitedNodes: VisitedNodes = [.objectField, .value]
    private let context: ValidationContext
    private var knownStack: [[String: Name]] = []
    private var known: [String: Name] = [:]

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: Value) -> VisitAction {
        if case .object = node {
            knownStack.append(known)
            known = [:]
        }
        return .visitChildren
    }

    func leave(_ node: Value) {
        if case .object = node { known = knownStack.removeLast() }
    }

    func enter(_ node: ObjectField) -> VisitAction {
        let name = node.name.value
        if let first = known[name] {
            context.report("There can be only one input field named \"\(name)\".", at: [first.range, node.name.range])
        } else {
            known[name] = node.name
        }
        return .visitChildren
    }
}
