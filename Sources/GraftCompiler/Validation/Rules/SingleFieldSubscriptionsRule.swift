import GraftLanguage

/// Spec 5.2.4.1 "Single Root Field" (Section-5-Validation.md): a subscription selects exactly one
/// root field (after `@skip`/`@include` with literal conditions and fragments are applied), and not
/// an introspection field.
final class SingleFieldSubscriptionsRule: ValidationRule {
    static let name = "SingleFieldSubscriptionsRule"
    static let visitedNodes: VisitedNodes = .operation
    private let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: OperationDefinition) -> VisitAction {
        guard node.operation == .subscription, let subscriptionType = context.schema.rootType(for: .subscription) else {
            return .visitChildren
        }
        let operationName = node.name?.value
        var fields: [(key: String, nodes: [Field])] = []
        var indexByKey: [String: Int] = [:]
        var visitedFragments: Set<String> = []
        collectFields(subscriptionType, node.selectionSet, &fields, &indexByKey, &visitedFragments)
        if fields.count > 1 {
            let extra = fields.dropFirst().flatMap { $0.nodes.map(\.range) }
            context.report(operationName.map { "Subscription \"\($0)\" must select only one top level field." }
                           ?? "Anonymous Subscription must select only one top level field.", at: extra)
        }
        for entry in fields where entry.nodes[0].name.value.hasPrefix("__") {
            context.report(operationName.map { "Subscription \"\($0)\" must not select an introspection top level field." }
                           ?? "Anonymous Subscription must not select an introspection top level field.",
                           at: entry.nodes.map(\.range))
        }
        return .visitChildren
    }

    /// graphql-js `collectFields` with no variable values.
    private func collectFields(_ runtimeType: NamedTypeDef, _ selectionSet: SelectionSet,
                               _ fields: inout [(key: String, nodes: [Field])], _ indexByKey: inout [String: Int],
                               _ visitedFragments: inout Set<String>) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                guard shouldInclude(field.directives) else { continue }
                if let index = indexByKey[field.responseKey] {
                    fields[index].nodes.append(field)
                } else {
                    indexByKey[field.responseKey] = fields.count
                    fields.append((field.responseKey, [field]))
                }
            case .inlineFragment(let inline):
                guard shouldInclude(inline.directives), conditionMatches(inline.typeCondition, runtimeType) else { continue }
                collectFields(runtimeType, inline.selectionSet, &fields, &indexByKey, &visitedFragments)
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard !visitedFragments.contains(name), shouldInclude(spread.directives) else { continue }
                visitedFragments.insert(name)
                guard let fragment = context.fragment(named: name),
                      conditionMatches(fragment.typeCondition, runtimeType) else { continue }
                collectFields(runtimeType, fragment.selectionSet, &fields, &indexByKey, &visitedFragments)
            }
        }
    }

    private func shouldInclude(_ directives: [Directive]) -> Bool {
        func literal(_ name: String) -> Bool? {
            guard let directive = directives.first(where: { $0.name.value == name }),
                  let argument = directive.arguments.first(where: { $0.name.value == "if" }),
                  case .boolean(let value, _) = argument.value else { return nil }
            return value
        }
        if literal("skip") == true { return false }
        if literal("include") == false { return false }
        return true
    }

    private func conditionMatches(_ condition: NamedType?, _ type: NamedTypeDef) -> Bool {
        guard let condition else { return true }
        guard let conditional = context.types[condition.name.value] else { return false }
        if conditional.name == type.name { return true }
        return conditional.isAbstract && context.schema.isSubType(conditional.definition, type)
    }
}
