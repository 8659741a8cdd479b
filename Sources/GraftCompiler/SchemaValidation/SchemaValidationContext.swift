import GraftLanguage

/// The state of `SchemaValidator`: the schema and the errors found so far, in order.
struct SchemaValidationContext {
    /// The schema being validated.
    let schema: Schema
    /// The errors, in graphql-js's order.
    var errors: [GraphQLError] = []

    init(schema: Schema) {
        self.schema = schema
    }

    /// Reports an error.
    mutating func report(_ message: String, _ locations: [SourceSpan?]) {
        errors.append(GraphQLError(message, locations: locations.compactMap { $0 }))
    }

    mutating func validateRootTypes() {}
    mutating func validateDirectives() {}
    mutating func validateTypes() {}
}
