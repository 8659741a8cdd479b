/// Fails a request with ``GraftError/Code/timedOut`` when it takes longer than its timeout, and
/// cancels it.
///
/// Bounding an attempt (`bounds: .attempt`, the default, for a place inside a ``RetryInterceptor``
/// or a chain without one), the timeout is the context's ``RequestContext/attemptTimeout``, else
/// its ``RequestContext/timeout``, else ``defaultTimeout``. Bounding the call (`bounds: .call`, for
/// a place outside a ``RetryInterceptor``), it is the context's ``RequestContext/timeout``, else
/// ``defaultTimeout``: an attempt timeout there would end the call, retries and all, at the first
/// attempt's limit. Either is shortened to what is left of the call's ``RequestContext/deadline``:
/// a limit that would end after the deadline starts no timer of its own, the call's one timer ends
/// the request then.
/// The ``URLSessionHTTPClient`` applies the same rule on its own, so this interceptor matters for
/// other base clients, or to limit a chain that includes waiting (rate limits, refreshes).
public struct TimeoutInterceptor: HTTPInterceptor {
    /// What the interceptor bounds: each attempt, or the whole call.
    public enum Bound: Sendable, Hashable {
        /// Each attempt: the interceptor sits inside a ``RetryInterceptor``, or the chain has none.
        case attempt
        /// The whole call, retries and back-off included: the interceptor sits outside a ``RetryInterceptor``.
        case call
    }

    /// The timeout for requests whose context has none; `nil` for none.
    public let defaultTimeout: Duration?
    /// What it bounds.
    public let bound: Bound

    /// Creates an interceptor with a default timeout, bounding each attempt or the whole call.
    public init(default defaultTimeout: Duration?, bounds bound: Bound = .attempt) {
        self.defaultTimeout = defaultTimeout
        self.bound = bound
    }

    /// The limit for `context`.
    func limit(_ context: RequestContext) -> Duration? {
        switch bound {
        case .attempt: context.attemptTimeout ?? context.timeout ?? defaultTimeout
        case .call: context.timeout ?? defaultTimeout
        }
    }

    /// Passes the request on under a deadline.
    public func intercept(_ request: HTTPRequest, context: RequestContext, next: @escaping HTTPNext) async throws -> HTTPResponse {
        try await withAttemptLimit(limit(context), passing: context) { context in
            try await next(request, context)
        }
    }

    /// Passes the request on under a deadline for the response head, then fails the body with
    /// ``GraftError/Code/timedOut`` when no bytes arrive for as long (an idle timeout: a stream
    /// may last as long as it keeps sending).
    public func interceptStream(_ request: HTTPRequest, context: RequestContext,
                                next: @escaping HTTPStreamNext) async throws -> HTTPStreamingResponse {
        guard let timeout = limit(context) else { return try await next(request, context) }
        var response = try await withAttemptLimit(timeout, passing: context) { context in try await next(request, context) }
        response.body = response.body.idleTimeout(timeout)
        return response
    }
}
