import GraftLanguage

/// Spec 5.4.1 "Argument Names" (Section-5-Validation.md): arguments given to fields and
/// directives are defined by them.
final class KnownArgumentNamesRule: ValidationRule {
    static let name = "KnownArgumentNamesRule"
    static let visitedNodes: VisitedNodes = [.argument, .directive]
    private let context: ValidationContext
    private var directiveArguments: [String: [String]] = [:]

    init(context: ValidationContext) {
        self.context = context
        directiveArguments = context.types.directiveArgumentNames
        for case .directive(let definition) in context.document.definitions {
            directiveArguments[definition.name.value] = definition.arguments.map(\.name.value)
        }
    }

    func enter(_ node: Directive) -> VisitAction {
        let directiveName = node.name.value
        if let known = directiveArguments[directiveName] {
            for argument in node.arguments where !known.contains(argument.name.value) {
                let suggestions = Suggestions.list(argument.name.value, known)
                context.report("Unknown argument \"\(argument.name.value)\" on directive \"@\(directiveName)\"."
                               + Suggestions.didYouMean(suggestions), at: argument.range)
            }
        }
        return .skipChildren
    }

    func enter(_ node: Argument) -> VisitAction {
        if context.argument == nil, let fieldDef = context.field?.definition, let parentType = context.parentType {
            let name = node.name.value
            let suggestions = Suggestions.list(name, fieldDef.arguments.map(\.name))
            context.report("Unknown argument \"\(name)\" on field \"\(parentType.name).\(fieldDef.name)\"."
                           + Suggestions.didYouMean(suggestions), at: node.range)
        }
        return .visitChildren
    }
}
