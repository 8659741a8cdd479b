/// An ``HTTPClient`` that runs each request through interceptors before a base client.
///
/// The first interceptor is the outermost: it sees the request first and the response last.
/// A typical order is:
///
/// ```swift
/// let tokens = TokenRefreshCoordinator(token: saved) { rejected in try await renew(rejected) }
/// InterceptingHTTPClient(base: URLSessionHTTPClient(), interceptors: [
///     RateLimitInterceptor(capacity: 10, refillPerSecond: 5), // limits logical requests
///     RetryInterceptor(),                                      // repeats everything below it
///     AuthenticationInterceptor(tokens),                       // adds the current token
///     TokenRefreshInterceptor(tokens),                         // sees the token that was sent
///     LoggingInterceptor(sink: PrintLogSink()),                // logs each attempt as sent
///     TimeoutInterceptor(default: .seconds(30)),               // limits each attempt
/// ])
/// ```
///
/// The context's ``RequestContext/timeout`` bounds the whole exchange, whatever the order:
/// retries, back-off, rate-limit waits and token refreshes included. Under a transport or REST
/// client that started the call's deadline already, it runs inside that one instead.
///
/// Every error leaving `send` is a ``GraftError``. Used on its own, the client is where the call
/// starts, and its errors carry the operation name and a request summary without secrets; under a
/// transport or REST client, that layer adds them as the call leaves it.
public struct InterceptingHTTPClient: HTTPClient {
    /// The client that finally sends requests.
    public let base: any HTTPClient
    /// The interceptors, outermost first.
    public let interceptors: [any HTTPInterceptor]
    /// Decides what request summaries in errors leave out.
    public let redactor: Redactor
    private let chain: HTTPNext
    private let streamChain: HTTPStreamNext

    /// Creates a client that sends through `interceptors` (outermost first) to `base`.
    public init(base: any HTTPClient, interceptors: [any HTTPInterceptor], redactor: Redactor = .default) {
        self.base = base
        self.interceptors = interceptors
        self.redactor = redactor
        var chain: HTTPNext = { request, context in try await base.send(request, context: context) }
        for interceptor in interceptors.reversed() {
            let next = chain
            chain = { request, context in try await interceptor.intercept(request, context: context, next: next) }
        }
        self.chain = chain
        var streamChain: HTTPStreamNext = { request, context in try await base.stream(request, context: context) }
        for interceptor in interceptors.reversed() {
            let next = streamChain
            streamChain = { request, context in try await interceptor.interceptStream(request, context: context, next: next) }
        }
        self.streamChain = streamChain
    }

    /// Sends `request` through the interceptors and the base client.
    /// Errors are ``GraftError``s with the credentials the interceptors added scrubbed.
    public func send(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPResponse {
        let chain = self.chain
        return try await withRequestBoundary(context, request: request, redactor: redactor) { boundary in
            try await withCallDeadline(boundary.context, timeout: boundary.context.timeout) { context in
                try await chain(request, context)
            }
        }
    }

    /// Sends `request` through the interceptors' ``HTTPInterceptor/interceptStream(_:context:next:)``
    /// and streams the response. The context's ``RequestContext/timeout`` bounds the wait for the
    /// response head (retries, back-off and refreshes included) and then each gap between chunks.
    /// Errors, from `stream` or from the body, are ``GraftError``s with credentials scrubbed.
    public func stream(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPStreamingResponse {
        let chain = self.streamChain
        return try await withRequestBoundary(context, request: request, redactor: redactor) { boundary in
            var response = try await withCallDeadline(boundary.context, timeout: boundary.context.timeout) { context in
                try await chain(request, context)
            }
            if let timeout = boundary.context.timeout { response.body = response.body.idleTimeout(timeout) }
            response.body = response.body.relayed(mapError: { boundary.failure($0) })
            return response
        }
    }
}
