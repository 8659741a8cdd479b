// A subscription fails the same way on every transport: the server refused it or its source stream
// failed, and sent errors instead of a result (a WebSocket `error` message, a multipart part with a
// top-level `errors`, a result with `errors` and no `data`); its stream then ends with
// `GraftError.subscriptionFailed`. Errors beside `data` stay the event's.

extension GraphQLResponseBody {
    /// The errors of `result` when it says that a subscription failed as a whole: a JSON object with
    /// `errors` and no `data` entry at all, and no incremental payload. The GraphQL specification
    /// leaves `data` out only when the operation failed before or instead of executing (refused,
    /// or its source stream could not be created or failed); `"data": null` beside `errors` is an
    /// event whose root field failed, which stays an event. Nil for any other result.
    public static func subscriptionFailure(in result: JSONValue) -> [GraphQLResponseError]? {
        guard case .object(let fields) = result, fields["data"] == nil, fields["incremental"] == nil,
              case .array(let items)? = fields["errors"] else { return nil }
        let errors = items.compactMap(GraphQLResponseError.init(json:))
        return errors.isEmpty ? nil : errors
    }
}

extension GraftError {
    /// The error a subscription's stream ends with when the server ends it with `errors` instead of
    /// results, whatever the transport: code ``Code/graphQLErrors``, the server's errors in
    /// ``graphQLErrors`` (and ``underlying``), the HTTP status when the refusal was a whole response.
    public static func subscriptionFailed(_ errors: [GraphQLResponseError], operation: String? = nil,
                                          statusCode: Int? = nil) -> GraftError {
        let errors = GraphQLErrors(errors)
        return GraftError(.graphQLErrors, message: "the server ended the subscription: \(errors.description)",
                          operation: operation, statusCode: statusCode, underlying: errors)
    }
}
