import GraftLanguage

/// Spec 5.1.1 "Executable Definitions" (Section-5-Validation.md): a document sent for execution
/// holds only operations and fragments.
final class ExecutableDefinitionsRule: ValidationRule {
    static let name = "ExecutableDefinitionsRule"
    static let visitedNodes: VisitedNodes = .document
    private let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: Document) -> VisitAction {
        for definition in node.definitions where !definition.isExecutable {
            let name: String
            switch definition {
            case .schema, .schemaExtension: name = "schema"
            case .type(let type), .typeExtension(let type): name = "\"\(type.name.value)\""
            case .directive(let directive): name = "\"\(directive.name.value)\""
            case .operation, .fragment: continue
            }
            context.report("The \(name) definition is not executable.", at: definition.range)
        }
        return .skipChildren
    }
}
