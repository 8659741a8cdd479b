/// An ``HTTPClient`` that runs each request through interceptors before a base client.
///
/// The first interceptor is the outermost: it sees the request first and the response last.
/// A typical order is:
///
/// ```swift
/// InterceptingHTTPClient(base: URLSessionHTTPClient(), interceptors: [
///     LoggingInterceptor(sink: PrintLogSink()),   // sees every attempt's outcome as a whole
///     RateLimitInterceptor(capacity: 10, refillPerSecond: 5),
///     RetryInterceptor(),                          // repeats everything below it
///     AuthenticationInterceptor(coordinator),      // or any token provider
///     TokenRefreshInterceptor(coordinator),        // sees the token that was sent
///     TimeoutInterceptor(default: .seconds(30)),   // per attempt
/// ])
/// ```
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
    public func send(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPResponse {
        do {
            return try await chain(request, context)
        } catch {
            throw GraftError.wrapping(error, request: request, context: context, redactor: redactor)
        }
    }
}
