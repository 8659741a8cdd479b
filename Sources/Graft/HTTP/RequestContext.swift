/// Per-request settings that travel with a request through the interceptor chain.
///
/// The context says what a request *means* (its operation, whether it may be repeated, how long
/// it may take), which the bytes of an ``HTTPRequest`` can't say. Layers above HTTP (the GraphQL
/// client, REST endpoints) fill it in; interceptors read it. Custom values use
/// ``RequestContextKey``.
///
/// The context also carries the call down the layers, so each job of the pipeline happens once,
/// in the layer the call enters first (``HTTPTransport``, ``RESTClient``, or an
/// ``InterceptingHTTPClient`` used on its own):
/// - **Deadline.** That layer turns the timeout into ``deadline`` and starts the call's one timer
///   (`HTTP/Deadline.swift`). Layers below find it set and start no second one: attempt limits
///   (``attemptTimeout``, a ``TimeoutInterceptor``'s default, a base client's) are shortened to
///   what is left of it, so a persisted query's second round trip gets the remaining time.
/// - **Error context and scrubbing.** That layer gives every error leaving the call its operation
///   name and request summary, and scrubs the secrets in flight from it, once, on the way out
///   (`HTTP/GraftError+HTTP.swift`, using `Errors/GraftError+Context.swift` and
///   `Errors/GraftError+Scrubbing.swift`). Layers below only make their errors ``GraftError``s
///   and note raw facts (credentials, the request sent) for it.
/// - **Redaction.** What counts as secret is the ``Redactor`` given to that layer; give the same
///   one to every layer of a stack.
public struct RequestContext: Sendable {
    /// The GraphQL operation name or REST endpoint name, used in errors and logs.
    public var operationName: String?
    /// A timeout for the whole request, every retry and back-off included: an
    /// ``InterceptingHTTPClient`` fails the request with ``GraftError/Code/timedOut`` when it
    /// passes. It wins over the client's default.
    public var timeout: Duration?
    /// A timeout for each attempt (each pass through the interceptors below a ``RetryInterceptor``),
    /// or nil to let an attempt use what is left of ``timeout``.
    public var attemptTimeout: Duration?
    /// Whether the request may be repeated safely; `nil` derives it from the method
    /// (so a GraphQL query sent with `POST` sets `true`, a mutation `false`).
    public var isIdempotent: Bool?
    /// Opts a non-idempotent request (a mutation, a `POST`) in to automatic retries.
    public var retriesNonIdempotent: Bool
    /// Leaves out credentials (for example for the token refresh call itself).
    public var skipsAuthentication: Bool
    /// Whether the request carries a GraphQL operation (set by ``HTTPTransport``): a token refresh
    /// then also follows a GraphQL `UNAUTHENTICATED` error, not only a 401.
    public var isGraphQL: Bool = false
    /// What the request does while a ``NetworkMonitorInterceptor``'s monitor says the network is down.
    public var whenOffline: OfflineBehavior = .attempt
    /// The attempt number, starting at 1; the retry interceptor increments it.
    public var attempt: Int
    /// When the whole call must end: set once, by the layer the call enters first, from its
    /// timeout (nil when it has none). Layers below read it to shorten their own limits.
    public internal(set) var deadline: ContinuousClock.Instant?
    private var values: [ObjectIdentifier: any Sendable]
    /// Where credentials added below a logger are recorded (see ``noteCredential(_:)``).
    var credentialLedger: CredentialLedger?
    /// The innermost timer above this layer (the call's deadline, or a ``TimeoutInterceptor``'s
    /// limit), which records that it fired before it cancels the work below: a layer below then
    /// tells a timeout from a cancellation (``timerAboveFired``).
    var timerAbove: TimeoutTimerState?

    /// Creates a context.
    public init(operationName: String? = nil, timeout: Duration? = nil, attemptTimeout: Duration? = nil,
                isIdempotent: Bool? = nil, retriesNonIdempotent: Bool = false, skipsAuthentication: Bool = false) {
        self.operationName = operationName
        self.timeout = timeout
        self.attemptTimeout = attemptTimeout
        self.isIdempotent = isIdempotent
        self.retriesNonIdempotent = retriesNonIdempotent
        self.skipsAuthentication = skipsAuthentication
        self.attempt = 1
        self.values = [:]
        self.credentialLedger = nil
        self.timerAbove = nil
    }

    /// Whether `request` may be repeated: the explicit ``isIdempotent`` or else the method's.
    public func isIdempotent(_ request: HTTPRequest) -> Bool {
        isIdempotent ?? request.method.isIdempotent
    }

    /// Whether any custom value is set (such contexts cannot be compared, so their queries are
    /// never deduplicated).
    var hasCustomValues: Bool { !values.isEmpty }

    /// A custom value, or the key's default when unset.
    public subscript<Key: RequestContextKey>(key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}

/// A key for a custom ``RequestContext`` value, in the style of SwiftUI's environment keys.
///
/// ```swift
/// enum TenantKey: RequestContextKey { static let defaultValue: String? = nil }
/// context[TenantKey.self] = "acme"
/// ```
public protocol RequestContextKey {
    /// The type of the value.
    associatedtype Value: Sendable
    /// The value when none was set.
    static var defaultValue: Value { get }
}
