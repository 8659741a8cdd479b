/// The `errors` of a response, as the underlying error of a `graphQLErrors` `GraftError`.
public struct GraphQLErrors: Error, Sendable, Hashable, CustomStringConvertible {
    /// The errors, in order.
    public let errors: [GraphQLResponseError]

    /// Wraps errors.
    public init(_ errors: [GraphQLResponseError]) {
        self.errors = errors
    }

    /// The errors' descriptions joined by `; `: the first ten, each cut to 500 characters, and a count of the rest.
    public var description: String {
        var shown = errors.prefix(10).map { $0.description.truncated(to: 500) }
        if errors.count > 10 { shown.append("and \(errors.count - 10) more") }
        return shown.joined(separator: "; ")
    }
}

extension GraftError {
    /// The GraphQL errors the server sent, when they are why this error was thrown (code
    /// `graphQLErrors`: a response's `errors`, or the errors a subscription ended with); else empty.
    public var graphQLErrors: [GraphQLResponseError] { (underlying as? GraphQLErrors)?.errors ?? [] }
}
