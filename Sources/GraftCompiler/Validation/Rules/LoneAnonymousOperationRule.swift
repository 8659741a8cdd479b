import GraftLanguage

/// Spec 5.2.3.1 "Lone Anonymous Operation" (Section-5-Validation.md): an anonymous operation must
/// be the only operation of its document.
final class LoneAnonymousOperationRule: ValidationRule {
    static let name = "LoneAnonymousOperationRule"
    /// The rule's message (graphql-js's wording).
    static let message = "This anonymous operation must be the only defined operation."
    static let visitedNodes: VisitedNodes = [.document, .operation]
    private let context: ValidationContext
    private var operationCount = 0

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: Document) -> VisitAction {
        operationCount = node.definitions.count { if case .operation = $0 { true } else { false } }
        return .visitChildren
    }

    func enter(_ node: OperationDefinition) -> VisitAction {
        if node.name == nil && operationCount > 1 {
            context.report(Self.message, at: node.range)
        }
        return .visitChildren
    }
}
