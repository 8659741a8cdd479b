import Foundation

/// Repeats a request after retryable statuses and transient network errors, with exponential
/// backoff, jitter and `Retry-After` (see ``RetryPolicy``).
///
/// Only idempotent requests are repeated: a `GET`, or a request whose context says
/// ``RequestContext/isIdempotent`` (a GraphQL query sent with `POST`). A mutation or other
/// non-idempotent request is sent once unless its context sets
/// ``RequestContext/retriesNonIdempotent``. When attempts run out, the last response is returned
/// (the layer above turns its status into an error) or the last error thrown. Each attempt's
/// context carries its ``RequestContext/attempt`` number.
public struct RetryInterceptor: HTTPInterceptor {
    /// Waits between attempts; throws if the task is cancelled.
    public typealias Sleep = @Sendable (Duration) async throws -> Void

    /// When and how often to retry.
    public let policy: RetryPolicy
    private let sleep: Sleep
    private let random: @Sendable () -> Double
    private let now: @Sendable () -> Date

    /// Creates an interceptor with `policy`. Tests may inject `sleep`, `random` (0..<1) and `now`.
    public init(policy: RetryPolicy = RetryPolicy(),
                sleep: @escaping Sleep = { try await Task.sleep(for: $0) },
                random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.policy = policy
        self.sleep = sleep
        self.random = random
        self.now = now
    }

    /// Sends the request, repeating it while the policy allows.
    public func intercept(_ request: HTTPRequest, context: RequestContext, next: @escaping HTTPNext) async throws -> HTTPResponse {
        guard context.isIdempotent(request) || context.retriesNonIdempotent else {
            return try await next(request, context)
        }
        var attempt = context.attempt
        let lastAttempt = context.attempt + policy.maxAttempts - 1
        while true {
            var attemptContext = context
            attemptContext.attempt = attempt
            let delay: Duration
            do {
                let response = try await next(request, attemptContext)
                guard attempt < lastAttempt, policy.retryableStatuses.contains(response.statusCode) else {
                    return response
                }
                let retryAfter = policy.honorsRetryAfter ? RetryPolicy.retryAfter(response, now: now()) : nil
                if let retryAfter, retryAfter > policy.maxRetryAfter { return response }
                delay = retryAfter ?? policy.jitteredBackoff(beforeRetry: attempt, random: random())
            } catch {
                guard attempt < lastAttempt, !Task.isCancelled, policy.isRetryable(error) else { throw error }
                delay = policy.jitteredBackoff(beforeRetry: attempt, random: random())
            }
            do {
                try await sleep(delay)
            } catch {
                throw GraftError.cancelled(underlying: error)
            }
            try Task.checkCancellation()
            attempt += 1
        }
    }
}
