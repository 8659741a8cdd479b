/// Fails a request with ``GraftError/Code/timedOut`` when it takes longer than its timeout, and
/// cancels it.
///
/// The timeout is the context's ``RequestContext/attemptTimeout``, else its
/// ``RequestContext/timeout``, else ``defaultTimeout``, shortened to what is left of the call's
/// ``RequestContext/deadline``: a limit that would end after the deadline starts no timer of its
/// own, the call's one timer ends the request then. Placed inside a ``RetryInterceptor`` it
/// limits each attempt; placed outside, the whole exchange (which the client already bounds by the
/// context's ``RequestContext/timeout``).
/// The ``URLSessionHTTPClient`` applies the same rule on its own, so this interceptor matters for
/// other base clients, or to limit a chain that includes waiting (rate limits, refreshes).
public struct TimeoutInterceptor: HTTPInterceptor {
    /// The timeout for requests whose context has none; `nil` for none.
    public let defaultTimeout: Duration?

    /// Creates an interceptor with a default timeout.
    public init(default defaultTimeout: Duration?) {
        self.defaultTimeout = defaultTimeout
    }

    /// Passes the request on under a deadline.
    public func intercept(_ request: HTTPRequest, context: RequestContext, next: @escaping HTTPNext) async throws -> HTTPResponse {
        try await withAttemptLimit(context.attemptTimeout ?? context.timeout ?? defaultTimeout, context: context) {
            try await next(request, context)
        }
    }

    /// Passes the request on under a deadline for the response head, then fails the body with
    /// ``GraftError/Code/timedOut`` when no bytes arrive for as long (an idle timeout: a stream
    /// may last as long as it keeps sending).
    public func interceptStream(_ request: HTTPRequest, context: RequestContext,
                                next: @escaping HTTPStreamNext) async throws -> HTTPStreamingResponse {
        guard let timeout = context.attemptTimeout ?? context.timeout ?? defaultTimeout else { return try await next(request, context) }
        var response = try await withAttemptLimit(timeout, context: context) { try await next(request, context) }
        response.body = response.body.idleTimeout(timeout)
        return response
    }
}
