import GraftLanguage

/// Directive definitions (Section 3.13, "Type Validation"): names not reserved, arguments of
/// input types, required arguments not deprecated (graphql-js `validateDirectives`).
extension SchemaValidationContext {
    mutating func validateDirectives() {
        for directive in schema.directives {
            validateName(directive.name, directive.span)
            for argument in directive.arguments {
                validateName(argument.name, argument.span)
                if !isInputType(argument.type) {
                    report("The type of @\(directive.name)(\(argument.name):) must be Input Type but got: \(inspect(argument.type)).",
                           [argument.span])
                }
                if argument.isRequired && argument.deprecationReason != nil {
                    report("Required argument @\(directive.name)(\(argument.name):) cannot be deprecated.",
                           [deprecatedDirectiveSpan(argument), typeSpan(argument)])
                }
            }
        }
    }
}

extension InputValueDef {
    /// Non-null without a default value (graphql-js `isRequiredArgument` / `isRequiredInputField`).
    public var isRequired: Bool { self.type.isNonNull && self.defaultValue == nil }
}
