/// Per-call options of `GraphQLClient` calls.
public struct RequestOptions: Sendable {
    /// Headers added to this request only.
    public var headers: HTTPHeaders
    /// A timeout for this request as a whole, retries and back-off included (overrides the
    /// client's default); the call fails with ``GraftError/Code/timedOut`` when it passes.
    public var timeout: Duration?
    /// A timeout for each attempt of this request, when a retry interceptor repeats it.
    public var attemptTimeout: Duration?
    /// While the client's network monitor says the network is down: send anyway, fail fast with
    /// ``GraftError/Code/offline``, or wait for the network.
    public var whenOffline: OfflineBehavior = .attempt
    /// Throw a `GraftError` with code `graphQLErrors` when the response has `errors`, instead of
    /// returning them beside the (partial) data.
    public var throwsOnGraphQLErrors: Bool
    /// Let the retry interceptor retry this mutation (mutations are not retried by default).
    public var retriesMutation: Bool
    /// Extra values for interceptors.
    public var context: RequestContext
    /// The maximum age of cached fields for this request (with the store's per-type and per-field
    /// ages, the smallest wins): `cacheFirst` treats older fields as a miss, other reads report
    /// them as stale.
    public var cacheMaxAge: Duration?
    /// Whether this query may share the request of an identical query already in flight (same
    /// document, variables, headers and options): one request, each caller gets its response. On
    /// by default; mutations, subscriptions, uploads and contexts with custom values never share.
    public var deduplicates: Bool

    /// Creates options.
    public init(headers: HTTPHeaders = [:], timeout: Duration? = nil, attemptTimeout: Duration? = nil,
                throwsOnGraphQLErrors: Bool = false, retriesMutation: Bool = false, context: RequestContext = RequestContext(),
                cacheMaxAge: Duration? = nil, whenOffline: OfflineBehavior = .attempt, deduplicates: Bool = true) {
        self.deduplicates = deduplicates
        self.whenOffline = whenOffline
        self.headers = headers
        self.timeout = timeout
        self.attemptTimeout = attemptTimeout
        self.throwsOnGraphQLErrors = throwsOnGraphQLErrors
        self.retriesMutation = retriesMutation
        self.context = context
        self.cacheMaxAge = cacheMaxAge
    }
}
