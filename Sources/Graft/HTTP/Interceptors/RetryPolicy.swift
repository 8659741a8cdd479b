import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// When and how often the ``RetryInterceptor`` repeats a request.
///
/// Delays grow exponentially from ``baseDelay`` by ``multiplier`` up to ``maxDelay``, each reduced by
/// a random share of up to ``jitter`` so that many clients don't retry in step. A `Retry-After`
/// header (seconds or an HTTP date) replaces the computed delay; if it asks for longer than
/// ``maxRetryAfter`` the response is returned instead of waiting.
public struct RetryPolicy: Sendable {
    /// The most attempts in total, including the first (so 3 means up to 2 retries).
    public var maxAttempts: Int
    /// The delay before the first retry.
    public var baseDelay: Duration
    /// The factor by which the delay grows with each retry.
    public var multiplier: Double
    /// The longest computed delay.
    public var maxDelay: Duration
    /// The share (0...1) of each delay that is randomized away: 0.5 waits between half and all of it.
    public var jitter: Double
    /// Statuses worth repeating the request for.
    public var retryableStatuses: Set<Int>
    /// Network errors worth repeating the request for.
    public var retryableURLErrorCodes: Set<URLError.Code>
    /// Whether a `Retry-After` header sets the delay.
    public var honorsRetryAfter: Bool
    /// The longest `Retry-After` to wait for; a longer one returns the response at once.
    public var maxRetryAfter: Duration

    /// Creates a policy; the defaults retry 408, 429, 500, 502, 503 and 504 and transient network
    /// errors up to 3 attempts, starting at 300 ms.
    public init(maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(300), multiplier: Double = 2,
                maxDelay: Duration = .seconds(30), jitter: Double = 0.5,
                retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504],
                retryableURLErrorCodes: Set<URLError.Code> = RetryPolicy.transientURLErrorCodes,
                honorsRetryAfter: Bool = true, maxRetryAfter: Duration = .seconds(120)) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
        self.jitter = min(1, max(0, jitter))
        self.retryableStatuses = retryableStatuses
        self.retryableURLErrorCodes = retryableURLErrorCodes
        self.honorsRetryAfter = honorsRetryAfter
        self.maxRetryAfter = maxRetryAfter
    }

    /// Network errors that usually pass: timeouts, lost or refused connections, DNS hiccups.
    public static let transientURLErrorCodes: Set<URLError.Code> = [
        .timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet,
        .dnsLookupFailed, .cannotFindHost, .resourceUnavailable,
    ]

    /// The backoff before retry number `retry` (1 for the first retry), before jitter.
    public func backoff(beforeRetry retry: Int) -> Duration {
        let factor = pow(multiplier, Double(max(0, retry - 1)))
        let seconds = min(baseDelay.graftSeconds * factor, maxDelay.graftSeconds)
        return .graftSeconds(seconds)
    }

    /// The backoff with jitter applied, using `random` (a value in 0..<1).
    public func jitteredBackoff(beforeRetry retry: Int, random: Double) -> Duration {
        let full = backoff(beforeRetry: retry).graftSeconds
        return .graftSeconds(full * (1 - jitter * random))
    }

    /// Whether `error` is worth repeating the request for.
    public func isRetryable(_ error: any Error) -> Bool {
        guard let error = error as? GraftError else {
            return (error as? URLError).map { retryableURLErrorCodes.contains($0.code) } ?? false
        }
        switch error.code {
        case .timedOut:
            return retryableURLErrorCodes.contains(.timedOut)
        case .transport:
            return error.urlErrorCode.map { retryableURLErrorCodes.contains($0) } ?? false
        default:
            return false
        }
    }

    /// The wait a `Retry-After` header asks for, relative to `now`: delay-seconds or an HTTP date
    /// (RFC 9110, section 10.2.3). `nil` if absent or unreadable.
    public static func retryAfter(_ response: HTTPResponse, now: Date) -> Duration? {
        guard let value = response.headers["Retry-After"]?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = Int(value), seconds >= 0 { return .seconds(seconds) }
        guard let date = HTTPDate.parse(value) else { return nil }
        return .graftSeconds(max(0, date.timeIntervalSince(now)))
    }
}

extension Duration {
    /// The duration in seconds as a `Double`.
    var graftSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// A duration of `seconds`, rounded to milliseconds.
    static func graftSeconds(_ seconds: Double) -> Duration {
        .milliseconds(Int64((seconds * 1000).rounded()))
    }
}
