import GraftLanguage

/// Spec 5.4.3 "Required Arguments" (Section-5-Validation.md): non-null arguments without a
/// default are given. Checked on leaving a field or directive, so deeper errors come first.
final class ProvidedRequiredArgumentsRule: ValidationRule {
    static let name = "ProvidedRequiredArgumentsRule"
    static let visitedNodes: VisitedNodes = [.directive, .field]
    private let context: ValidationContext
    private var requiredDirectiveArguments: [String: [(name: String, type: String)]] = [:]

    init(context: ValidationContext) {
        self.context = context
        requiredDirectiveArguments = context.types.directiveRequiredArguments
        for case .directive(let definition) in context.document.definitions {
            requiredDirectiveArguments[definition.name.value] = definition.arguments.filter { argument in
                if argument.type.isNonNull, argument.defaultValue == nil { return true }
                return false
            }.map { ($0.name.value, $0.type.description) }
        }
    }

    func leave(_ node: Field) {
        guard let field = context.field, !field.requiredArguments.isEmpty else { return }
        for argument in field.requiredArguments where !node.arguments.contains(where: { $0.name.value == argument.name }) {
            context.report("Field \"\(field.name)\" argument \"\(argument.name)\" of type \"\(argument.type)\" is required, but it was not provided.",
                           at: node.range)
        }
    }

    func leave(_ node: Directive) {
        guard let required = requiredDirectiveArguments[node.name.value], !required.isEmpty else { return }
        for argument in required where !node.arguments.contains(where: { $0.name.value == argument.name }) {
            context.report("Directive \"@\(node.name.value)\" argument \"\(argument.name)\" of type \"\(argument.type)\" is required, but it was not provided.",
                           at: node.range)
        }
    }
}
