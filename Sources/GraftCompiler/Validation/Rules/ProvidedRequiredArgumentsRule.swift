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
        for directive in context.schema.directives {
            requiredDirectiveArguments[directive.name] = directive.arguments
                .filter(TypeRef.isRequired).map { ($0.name, $0.type.description) }
        }
        for case .directive(let definition) in context.document.definitions {
            requiredDirectiveArguments[definition.name.value] = definition.arguments.filter { argument in
                if case .nonNull = argument.type, argument.defaultValue == nil { return true }
                return false
            }.map { ($0.name.value, $0.type.description) }
        }
    }

    func leave(_ node: Field) {
        guard let fieldDef = context.field?.definition else { return }
        let provided = Set(node.arguments.map(\.name.value))
        for argument in fieldDef.arguments where !provided.contains(argument.name) && TypeRef.isRequired(argument) {
            context.report("Field \"\(fieldDef.name)\" argument \"\(argument.name)\" of type \"\(argument.type)\" is required, but it was not provided.",
                           at: node.range)
        }
    }

    func leave(_ node: Directive) {
        guard let required = requiredDirectiveArguments[node.name.value], !required.isEmpty else { return }
        let provided = Set(node.arguments.map(\.name.value))
        for argument in required where !provided.contains(argument.name) {
            context.report("Directive \"@\(node.name.value)\" argument \"\(argument.name)\" of type \"\(argument.type)\" is required, but it was not provided.",
                           at: node.range)
        }
    }
}
