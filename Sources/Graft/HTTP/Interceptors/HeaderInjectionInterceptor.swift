/// Adds headers to every request: fixed ones (a user agent, an API key, a client version) and
/// ones computed per request (a request id, a locale).
///
/// By default a header the request already has is kept; with `overrides: true` the injected value wins.
/// Values of secret headers (`Cookie`, `X-API-Key`, ...) are noted with
/// ``RequestContext/noteCredential(_:)`` so that a logger scrubs them.
public struct HeaderInjectionInterceptor: HTTPInterceptor {
    /// Computes headers for a request.
    public typealias Provider = @Sendable (HTTPRequest, RequestContext) async throws -> HTTPHeaders

    private let provider: Provider
    /// Whether injected values replace headers the request already has.
    public let overrides: Bool

    /// Creates an interceptor adding `headers` to every request.
    public init(_ headers: HTTPHeaders, overrides: Bool = false) {
        self.init(overrides: overrides) { _, _ in headers }
    }

    /// Creates an interceptor adding the headers `provider` computes for each request.
    public init(overrides: Bool = false, provider: @escaping Provider) {
        self.provider = provider
        self.overrides = overrides
    }

    /// Adds the headers, then passes the request on.
    public func intercept(_ request: HTTPRequest, context: RequestContext, next: @escaping HTTPNext) async throws -> HTTPResponse {
        var request = request
        let injected = try await provider(request, context)
        for field in injected where overrides || !request.headers.contains(field.name) {
            request.headers[field.name] = field.value
        }
        Redactor.default.secretValues(in: injected).forEach(context.noteCredential)
        return try await next(request, context)
    }
}
