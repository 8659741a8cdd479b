/// The rest of an interceptor chain: call it to pass a (possibly changed) request on.
public typealias HTTPNext = @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse

/// One step in an ``InterceptingHTTPClient``'s chain.
///
/// An interceptor may change the request or context before calling `next`, call `next` several
/// times (retry), not at all (fail fast, answer from elsewhere), or change the response.
/// Errors it throws should be ``GraftError``s; the client wraps anything else.
public protocol HTTPInterceptor: Sendable {
    /// Handles `request`, usually by calling `next` once.
    func intercept(_ request: HTTPRequest, context: RequestContext, next: @escaping HTTPNext) async throws -> HTTPResponse
}
