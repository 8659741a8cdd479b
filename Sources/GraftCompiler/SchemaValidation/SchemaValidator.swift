import GraftLanguage

/// Validates a built schema (graphql-js `validateSchema`, Section 3 "Type Validation"): root
/// types, directive definitions and every named type.
public enum SchemaValidator {
    /// The errors of `schema`, in graphql-js's order.
    public static func validate(_ schema: Schema) -> [GraphQLError] {
        var context = SchemaValidationContext(schema: schema)
        context.validateRootTypes()
        context.validateDirectives()
        context.validateTypes()
        context.validateSemanticNonNull()
        return context.errors
    }
}
