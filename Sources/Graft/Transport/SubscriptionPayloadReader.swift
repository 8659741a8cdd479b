import Foundation

/// Reads the payloads of HTTP subscriptions (``HTTPSubscriptionProtocol``): multipart parts and
/// Server-Sent Events, into response bodies, heartbeats and the subscription's failure
/// (``GraftError/subscriptionFailed(_:operation:statusCode:)``).
struct SubscriptionPayloadReader: Sendable {
    /// What an event of graphql-sse means.
    enum Event: Sendable, Hashable {
        case next(GraphQLResponseBody)
        case complete
        case ignored
    }

    let operationName: String
    /// Credentials in flight, scrubbed from the server's error messages.
    let secrets: [String]
    /// The transport's redaction policy (``HTTPTransport/redactor``), which found `secrets`.
    let redactor: Redactor

    /// A multipart subscription part: `{"payload": result}` gives the result, `{}` is a heartbeat
    /// (nil), a top-level `errors` (or a result with errors and no data) ends the subscription. A
    /// part that is a bare GraphQL result (incremental delivery's shape) gives that result.
    func multipartPayload(_ bytes: Data) throws -> GraphQLResponseBody? {
        guard case .object(let fields)? = try? JSONParser.parse([UInt8](bytes)) else {
            throw GraftError(.decoding, message: "a multipart subscription part is not a JSON object (\(bytes.count) bytes)",
                             operation: operationName)
        }
        if case .array(let items)? = fields["errors"], fields["payload"] == nil || fields["payload"] == .null {
            throw failure(items.compactMap(GraphQLResponseError.init(json:)))
        }
        if let payload = fields["payload"], payload != .null {
            return try body(payload, what: "a multipart subscription payload")
        }
        if fields.isEmpty || fields["payload"] != nil { return nil }
        return try body(.object(fields), what: "a multipart subscription part")
    }

    /// A graphql-sse event: `next` carries a result, `complete` ends, anything else is ignored.
    func event(_ event: ServerSentEvent) throws -> Event {
        switch event.event {
        case "next":
            guard let json = try? JSONParser.parse(Array(event.data.utf8)) else {
                throw GraftError(.decoding, message: "a next event's data is not JSON (\(event.data.utf8.count) bytes)",
                                 operation: operationName)
            }
            return .next(try body(json, what: "a next event"))
        case "complete":
            return .complete
        default:
            return .ignored
        }
    }

    /// The subscription's failure with the server's `errors`, credentials in flight scrubbed.
    func failure(_ errors: [GraphQLResponseError], statusCode: Int? = nil) -> GraftError {
        GraftError.subscriptionFailed(GraphQLErrors(errors).scrubbing(secrets, redactor: redactor).errors, operation: operationName, statusCode: statusCode)
    }

    /// `json` as an event's response body; throws the subscription's failure when it is one.
    private func body(_ json: JSONValue, what: String) throws -> GraphQLResponseBody {
        if let errors = GraphQLResponseBody.subscriptionFailure(in: json) { throw failure(errors) }
        guard var body = GraphQLResponseBody(json: json) else {
            throw GraftError(.decoding, message: "\(what) is not a GraphQL response (no data or errors)", operation: operationName)
        }
        if !secrets.isEmpty, !body.errors.isEmpty { body.errors = GraphQLErrors(body.errors).scrubbing(secrets, redactor: redactor).errors }
        return body
    }
}
