/// Limits how fast a client sends requests with a ``TokenBucket``.
///
/// Use one interceptor (one bucket) per client. When the bucket is empty a request waits its turn
/// (in arrival order), or with ``Mode/failFast`` fails at once with ``GraftError/Code/rateLimited``.
/// Place it outside a ``RetryInterceptor`` to limit logical requests, inside to limit every attempt.
public struct RateLimitInterceptor: HTTPInterceptor {
    /// What happens when no permit is available.
    public enum Mode: Sendable {
        /// Wait for a permit.
        case wait
        /// Fail with ``GraftError/Code/rateLimited``.
        case failFast
    }

    /// The bucket permits come from.
    public let bucket: TokenBucket
    /// What happens when no permit is available.
    public let mode: Mode

    /// Creates an interceptor allowing bursts of `capacity` requests and `refillPerSecond` on average.
    public init(capacity: Int, refillPerSecond: Double, mode: Mode = .wait) {
        self.init(bucket: TokenBucket(capacity: capacity, refillPerSecond: refillPerSecond), mode: mode)
    }

    /// Creates an interceptor drawing on an existing bucket.
    public init(bucket: TokenBucket, mode: Mode = .wait) {
        self.bucket = bucket
        self.mode = mode
    }

    /// Takes a permit, then passes the request on.
    public func intercept(_ request: HTTPRequest, context: RequestContext, next: @escaping HTTPNext) async throws -> HTTPResponse {
        switch mode {
        case .wait:
            try await bucket.acquire()
        case .failFast:
            guard await bucket.tryAcquire() else { throw GraftError.rateLimited() }
        }
        return try await next(request, context)
    }
}
