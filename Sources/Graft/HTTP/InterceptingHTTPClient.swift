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
/// retries, back-off, rate-limit waits and token refreshes included.
///
/// Every error leaving `send` is a ``GraftError`` carrying the operation name and a request
/// summary without secrets.
public struct InterceptingHTTPClient: HTTPClient {
    /// The client that finally sends requests.
    public let base: any HTTPClient
    /// The interceptors, outermost first.
    public let interceptors: [any HTTPInterceptor]
    /// Decides what request summaries in errors leave out.
    public let redactor: Redactor
    private let chain: HTTPNext

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
    }

    /// Sends `request` through the interceptors and the base client.
    /// Errors are ``GraftError``s with the credentials the interceptors added scrubbed.
    public func send(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPResponse {
        let chain = self.chain
        let (context, ledger) = context.withCredentialLedger()
        do {
            guard let timeout = context.timeout else { return try await chain(request, context) }
            return try await withDeadline(timeout) { try await chain(request, context) }
        } catch {
            throw GraftError.scrubbing(error, request: request, context: context, ledger: ledger, redactor: redactor)
        }
    }
}
