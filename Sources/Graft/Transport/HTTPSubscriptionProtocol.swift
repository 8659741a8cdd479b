/// How ``HTTPTransport`` carries subscriptions over plain HTTP, where a WebSocket may be blocked.
/// Both run each subscription as one long POST through the same ``HTTPClient`` stack as queries,
/// so authentication, token refresh, retries before the first byte, logging and timeouts (as an
/// idle timeout between chunks) apply.
public enum HTTPSubscriptionProtocol: Sendable, Hashable {
    /// The multipart subscription protocol (Apollo's `subscriptionSpec=1.0`): a `multipart/mixed`
    /// response whose parts are `{"payload": <result>}`, `{}` heartbeats, or a top-level
    /// `{"errors": [...]}` that ends the subscription (``GraftError/subscriptionFailed(_:operation:statusCode:)``).
    case multipart
    /// GraphQL over Server-Sent Events (graphql-sse, distinct connections mode): `next` events
    /// carry results, `complete` ends the subscription.
    case serverSentEvents

    /// The `Accept` header a subscription request sends.
    public var acceptHeader: String {
        switch self {
        case .multipart: return "multipart/mixed;subscriptionSpec=\"1.0\", application/json;q=0.9"
        case .serverSentEvents: return "text/event-stream, application/json;q=0.9"
        }
    }
}
