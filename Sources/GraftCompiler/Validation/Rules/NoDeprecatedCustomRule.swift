import GraftLanguage

/// A custom rule (not in the specification; graphql-js `NoDeprecatedCustomRule`): reports uses of
/// deprecated fields, arguments, input fields and enum values (Section 3.13.3 `@deprecated`).
final class NoDeprecatedCustomRule: ValidationRule {
    static let name = "NoDeprecatedCustomRule"
    static let visitedNodes: VisitedNodes = [.argument, .field, .objectField, .value]
    private let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: Field) -> VisitAction {
        if let fieldDef = context.field?.definition, let reason = fieldDef.deprecationReason, let parent = context.parentType {
            context.report("The field \(parent.name).\(fieldDef.name) is deprecated. \(reason)", at: node.range)
        }
        return .visitChildren
    }

    func enter(_ node: Argument) -> VisitAction {
        guard let argument = context.argument, let reason = argument.deprecationReason else { return .visitChildren }
        if let directive = context.directive {
            context.report("Directive \"@\(directive.name)\" argument \"\(argument.name)\" is deprecated. \(reason)", at: node.range)
        } else if let parent = context.parentType, let fieldDef = context.field {
            context.report("Field \"\(parent.name).\(fieldDef.name)\" argument \"\(argument.name)\" is deprecated. \(reason)",
                           at: node.range)
        }
        return .visitChildren
    }

    func enter(_ node: ObjectField) -> VisitAction {
        if let parent = context.parentInputType.flatMap({ context.types[$0] }), parent.kind == .inputObject,
           let field = parent.definition.inputFields[node.name.value], let reason = field.deprecationReason {
            context.report("The input field \(parent.name).\(field.name) is deprecated. \(reason)", at: node.range)
        }
        return .visitChildren
    }

    func enter(_ node: Value) -> VisitAction {
        if case .enumValue = node, let value = context.enumValue, let reason = value.deprecationReason,
           let enumType = context.inputType?.namedType {
            context.report("The enum value \"\(enumType).\(value.name)\" is deprecated. \(reason)", at: node.range)
        }
        return .visitChildren
    }
}
