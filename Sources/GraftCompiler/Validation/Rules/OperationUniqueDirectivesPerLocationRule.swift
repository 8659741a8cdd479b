import GraftLanguage

/// Spec 5.7.3 "Directives Are Unique per Location" (Section-5-Validation.md): a non-repeatable
/// directive appears at most once per location (for type definitions and extensions, and for
/// the schema, across all of them).
final class OperationUniqueDirectivesPerLocationRule: ValidationRule {
    static let name = "UniqueDirectivesPerLocationRule"
    static let visitedNodes: VisitedNodes = .directivesHolder
    private let context: ValidationContext
    private var isUnique: [String: Bool] = [:]
    private var schemaDirectives: [String: Directive] = [:]
    private var typeDirectives: [String: [String: Directive]] = [:]

    init(context: ValidationContext) {
        self.context = context
        isUnique = context.types.directiveIsUnique
        for case .directive(let definition) in context.document.definitions {
            isUnique[definition.name.value] = !definition.repeatable
        }
    }

    func enterDirectivesHolder(_ directives: [Directive], typeName: String?, isSchema: Bool) {
        guard !directives.isEmpty else { return }
        var seen: [String: Directive]
        if isSchema {
            seen = schemaDirectives
        } else if let typeName {
            seen = typeDirectives[typeName] ?? [:]
        } else {
            seen = [:]
        }
        for directive in directives where isUnique[directive.name.value] == true {
            let name = directive.name.value
            if let first = seen[name] {
                context.report("The directive \"@\(name)\" can only be used once at this location.",
                               at: [first.range, directive.range])
            } else {
                seen[name] = directive
            }
        }
        if isSchema {
            schemaDirectives = seen
        } else if let typeName {
            typeDirectives[typeName] = seen
        }
    }
}
