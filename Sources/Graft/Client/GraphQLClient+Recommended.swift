import Foundation
@_spi(Generated) import GraftAPI

extension GraphQLClient {
    /// The recommended client in one call: GraphQL over HTTP to `url` through a stack of
    /// interceptors in the right order, outermost first:
    ///
    /// 1. ``TimeoutInterceptor``: `timeout` bounds each call as a whole, retries and back-off
    ///    included (``RequestOptions/timeout`` overrides it per call);
    /// 2. ``NetworkMonitorInterceptor`` with `networkMonitor`, if given: while it says the network is
    ///    down, a call fails fast or waits as ``RequestOptions/whenOffline`` says (within the timeout);
    /// 3. ``RetryInterceptor`` with `retryPolicy` (queries only, unless a call opts a mutation in);
    /// 4. `interceptors`, your own (headers, rate limits), once per attempt;
    /// 5. ``AuthenticationInterceptor`` and ``TokenRefreshInterceptor`` with `tokens`: the current
    ///    token on every request, one refresh however many requests are rejected at once, on a 401
    ///    or a GraphQL `UNAUTHENTICATED` error;
    /// 6. ``LoggingInterceptor`` to `logSink`: each attempt as sent, secrets redacted.
    ///
    /// `tokens` made with ``TokenRefreshCoordinator/init(token:refreshThrough:)`` is attached to
    /// the same stack without authentication (all but 5), so its refresh call needs nothing
    /// built beforehand:
    ///
    /// ```swift
    /// let tokens = TokenRefreshCoordinator(token: savedToken) { rejected, http in
    ///     let response = try await http.send(HTTPRequest(method: .post, url: refreshURL), context: RequestContext())
    ///     return String(decoding: response.body, as: UTF8.self)
    /// }
    /// let client = GraphQLClient(url: endpoint, tokens: tokens, store: CacheStore(), logSink: PrintLogSink())
    /// ```
    ///
    /// With a `store`, results are normalized with the key fields and possible types of the
    /// generated operations' schema (they name it, `GraphQLOperation.__schema`, and the store
    /// adopts it); a store that fails to write reports to `onCacheError` and never fails a call.
    /// `incrementalFormat` is the `@defer`/`@stream` format asked for (``HTTPTransport/incrementalFormat``);
    /// `batching` sends operations issued together in one HTTP request (``HTTPTransport/batching``).
    /// `redactor` is the redaction policy of the whole stack: the interceptors' error scrubbing,
    /// the token-refresh stack and the transport's request summaries all use it. `base` sends the
    /// requests: this platform's client (``PlatformHTTPClient/make(defaultTimeout:redactor:responseBodyLimit:)``,
    /// libcurl on Linux) unless given.
    public convenience init(url: URL, tokens: TokenRefreshCoordinator? = nil, store: CacheStore? = nil,
                            logSink: (any HTTPLogSink)? = nil, retryPolicy: RetryPolicy? = RetryPolicy(),
                            timeout: Duration? = .seconds(60), persistedQueries: HTTPTransport.PersistedQueries = .disabled,
                            usesGETForQueries: Bool = false, incrementalFormat: IncrementalDeliveryFormat = .any,
                            batching: BatchingPolicy? = nil, base: any HTTPClient = PlatformHTTPClient.make(),
                            interceptors: [any HTTPInterceptor] = [], networkMonitor: (any NetworkMonitor)? = nil,
                            onCacheError: @escaping CacheErrorHandler = GraphQLClient.logCacheError,
                            redactor: Redactor = .default) {
        var outer: [any HTTPInterceptor] = [TimeoutInterceptor(default: timeout, bounds: .call)]
        if let networkMonitor { outer.append(NetworkMonitorInterceptor(networkMonitor)) }
        if let retryPolicy { outer.append(RetryInterceptor(policy: retryPolicy)) }
        outer += interceptors
        let logging: [any HTTPInterceptor] = logSink.map { [LoggingInterceptor(sink: $0, redactor: redactor)] } ?? []
        var authentication: [any HTTPInterceptor] = []
        if let tokens {
            authentication = [AuthenticationInterceptor(tokens), TokenRefreshInterceptor(tokens)]
            let refreshStack = InterceptingHTTPClient(base: base, interceptors: outer + logging, redactor: redactor)
            tokens.attach(refreshStack)
        }
        let http = InterceptingHTTPClient(base: base, interceptors: outer + authentication + logging,
                                          redactor: redactor)
        self.init(transport: HTTPTransport(url: url, client: http, usesGETForQueries: usesGETForQueries,
                                           persistedQueries: persistedQueries, incrementalFormat: incrementalFormat,
                                           batching: batching, redactor: redactor),
                  store: store, onCacheError: onCacheError)
    }
}
