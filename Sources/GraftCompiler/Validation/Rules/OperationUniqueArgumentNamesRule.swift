import GraftLanguage

/// Spec 5.4.2 "Argument Uniqueness" (Section-5-Validation.md): a field or directive is given
/// each argument at most once.
final class OperationUniqueArgumentNamesRule: ValidationRule {
    static let name = "UniqueArgumentNamesRule"
    static let visitedNodes: VisitedNodes = [.directive, .field]
    private let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: Field) -> VisitAction {
        check(node.arguments)
        return .visitChildren
    }

    func enter(_ node: Directive) -> VisitAction {
        check(node.arguments)
        return .visitChildren
    }

    private func check(_ arguments: [Argument]) {
        guard arguments.count > 1 else { return }
        for (name, nodes) in groupBy(arguments, { $0.name.value }) where nodes.count > 1 {
            context.report("There can be only one argument named \"\(name)\".", at: nodes.map(\.name.range))
        }
    }
}
