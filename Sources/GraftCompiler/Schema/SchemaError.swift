/// The errors that stopped a schema from being built or showed it to be invalid: syntax errors,
/// SDL validation errors and schema validation errors, in that order.
public struct SchemaError: Error, Sendable, CustomStringConvertible {
    /// The errors, each with graphql-js's message and locations.
    public var errors: [GraphQLError]

    /// Creates a schema error.
    public init(errors: [GraphQLError]) {
        self.errors = errors
    }

    /// The errors rendered as diagnostics, one after the other.
    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}
