import GraftLanguage

/// Spec 5.8.1 "Variable Uniqueness" (Section-5-Validation.md): an operation's variables have
/// unique names.
final class UniqueVariableNamesRule: ValidationRule {
    static let name = "UniqueVariableNamesRule"
    static let visitedNodes: VisitedNodes = .operation
    private let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: OperationDefinition) -> VisitAction {
        for (name, nodes) in groupBy(node.variableDefinitions, { $0.variable.name.value }) where nodes.count > 1 {
            context.report("There can be only one variable named \"$\(name)\".", at: nodes.map(\.variable.name.range))
        }
        return .visitChildren
    }
}

/// Groups elements by key, groups in order of first appearance (graphql-js `groupBy`).
func groupBy<T>(_ elements: [T], _ key: (T) -> String) -> [(String, [T])] {
    var groups: [(String, [T])] = []
    var indexByKey: [String: Int] = [:]
    for element in elements {
        let elementKey = key(element)
        if let index = indexByKey[elementKey] {
            groups[index].1.append(element)
        } else {
            indexByKey[elementKey] = groups.count
            groups.append((elementKey, [element]))
        }
    }
    return groups
}
