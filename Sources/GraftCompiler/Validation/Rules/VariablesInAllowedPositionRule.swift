import GraftLanguage

/// Spec 5.8.5 "All Variable Usages Are Allowed" (Section-5-Validation.md): a variable's type is
/// compatible with every position it is used in. Following the spec's IsNonNullPosition, a
/// variable given as the field of a OneOf Input Object must be non-null (worded as graphql-js 17).
final class VariablesInAllowedPositionRule: ValidationRule {
    static let name = "VariablesInAllowedPositionRule"
    static let visitedNodes: VisitedNodes = [.operation, .variableDefinition]
    private let context: ValidationContext
    private var definitions: [String: VariableDefinition] = [:]

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: OperationDefinition) -> VisitAction {
        definitions = [:]
        return .visitChildren
    }

    func enter(_ node: VariableDefinition) -> VisitAction {
        definitions[node.variable.name.value] = node
        return .visitChildren
    }

    func leave(_ operation: OperationDefinition) {
        let schema = context.schema
        for usage in context.recursiveVariableUsages(operation) {
            let name = usage.variable.name.value
            guard let definition = definitions[name], let locationType = usage.type,
                  let variableType = schema.typeRef(definition.type) else { continue }
            if !isAllowed(variableType, definition.defaultValue, locationType, usage.defaultValue) {
                context.report("Variable \"$\(name)\" of type \"\(variableType)\" used in position expecting type \"\(locationType)\".",
                               at: [definition.range, usage.variable.range])
            }
            if let parent = usage.parentType, case .named(let parentName) = parent.nullable,
               let parentType = schema.types[parentName], parentType.kind == .inputObject, parentType.isOneOf,
               !variableType.isNonNull {
                context.report("Variable \"$\(name)\" is of type \"\(variableType)\" but must be non-nullable to be used for OneOf Input Object \"\(parentName)\".",
                               at: [definition.range, usage.variable.range])
            }
        }
    }

    /// graphql-js `allowedVariableUsage`: a nullable variable may fill a non-null position when
    /// the variable or the position has a default value.
    private func isAllowed(_ variableType: TypeRef, _ variableDefault: Value?, _ locationType: TypeRef,
                           _ locationDefault: Value?) -> Bool {
        if case .nonNull(let nullableLocation) = locationType, !variableType.isNonNull {
            var hasNonNullVariableDefault = false
            if let variableDefault, case .null = variableDefault {} else if variableDefault != nil {
                hasNonNullVariableDefault = true
            }
            if !hasNonNullVariableDefault && locationDefault == nil { return false }
            return context.schema.isTypeSubType(variableType, of: nullableLocation)
        }
        return context.schema.isTypeSubType(variableType, of: locationType)
    }
}
