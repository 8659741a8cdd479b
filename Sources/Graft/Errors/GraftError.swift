import Foundation

/// The one error type of Graft's runtime: every failure of a request, whatever layer it came from.
///
/// Switch on ``code`` (stable across releases) rather than on the message. The error carries the
/// operation or endpoint name, a ``RequestSummary`` without secrets, the HTTP status and body when
/// there was a response, and the ``underlying`` error. Its description never prints secrets.
public struct GraftError: Error, Sendable {
    /// What kind of failure this is. The raw values are stable.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The network failed: no connection, connection lost, TLS, a truncated body, a bad URL.
        case transport
        /// The request took longer than its timeout.
        case timedOut
        /// The calling task was cancelled.
        case cancelled
        /// The server answered with a status the caller didn't accept; see ``GraftError/statusCode``
        /// and ``GraftError/responseBody``.
        case httpStatus
        /// A GraphQL response carried `errors` and the caller asked to throw them, or the server
        /// ended a subscription with errors instead of results (it refused the subscription or its
        /// source stream failed; the same on every transport). ``GraftError/graphQLErrors`` gives them.
        case graphQLErrors
        /// The response body didn't decode; see ``GraftError/responsePath``.
        case decoding
        /// The server refused the credentials and refreshing them failed (or didn't help).
        case unauthorized
        /// The client-side rate limiter refused the request.
        case rateLimited
        /// The normalized cache couldn't answer (a `cacheOnly` miss, or no store configured); the
        /// ``GraftError/underlying`` error is a `CacheMiss` when there was a store.
        case cacheMiss
        /// The cache store failed: a damaged record, a read-only or full database, a database file
        /// that cannot be opened. Fetches never fail with it (the server's data is returned and the
        /// failure goes to the client's cache-error hook); direct store calls throw it.
        case cache
        /// ``HTTPSGuardInterceptor`` refused a request over plain `http://` (or another scheme) to a
        /// host that is not allowed; nothing was sent.
        case insecureTransport
        /// The ``NetworkMonitor`` said the network was down and the request asked to fail fast
        /// (``OfflineBehavior/failFast``); nothing was sent.
        case offline
        /// The server's certificate is trusted but its public key matches none of the host's pins
        /// (``CertificatePinning``); the message names the host. Nothing was sent.
        case pinningFailed
    }

    /// What kind of failure this is.
    public var code: Code
    /// A human-readable explanation without secrets.
    public var message: String
    /// The GraphQL operation name or REST endpoint name, when known.
    public var operation: String?
    /// The request, without secrets, when known.
    public var request: RequestSummary?
    /// The HTTP status code, when a response arrived.
    public var statusCode: Int?
    /// The response headers, when a response arrived.
    public var responseHeaders: HTTPHeaders?
    /// The response body, when a response arrived (for ``Code/httpStatus`` and ``Code/decoding``).
    public var responseBody: Data?
    /// Where in the response decoding failed, for example `user.friends[2].name`.
    public var responsePath: String?
    /// The error that caused this one, if any.
    public var underlying: (any Error)?
    /// A redacted excerpt of the response body, made while the full request (and so the credentials
    /// to scrub) was at hand; the description uses it instead of redacting ``responseBody`` again.
    var bodyExcerpt: String?
    /// Credentials that were in flight with the request, scrubbed from every description of the
    /// error (see ``scrubbing(_:redactor:)``). Never shown.
    var knownSecrets: [String] = []

    /// Creates an error.
    public init(_ code: Code, message: String, operation: String? = nil, request: RequestSummary? = nil,
                statusCode: Int? = nil, responseHeaders: HTTPHeaders? = nil, responseBody: Data? = nil,
                responsePath: String? = nil, underlying: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.operation = operation
        self.request = request
        self.statusCode = statusCode
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
        self.responsePath = responsePath
        self.underlying = underlying
    }
}

extension GraftError {
    /// A ``Code/decoding`` error for a `DecodingError`, naming the coding path where it happened.
    public static func decoding(_ error: DecodingError, response: HTTPResponse? = nil, operation: String? = nil,
                                request: RequestSummary? = nil) -> GraftError {
        let (path, reason) = error.pathAndReason
        let location = path.isEmpty ? "at the top level" : "at \(path)"
        return GraftError(.decoding, message: "could not decode the response \(location): \(reason)",
                          operation: operation, request: request, statusCode: response?.statusCode,
                          responseHeaders: response?.headers, responseBody: response?.body,
                          responsePath: path, underlying: error)
    }

    /// An ``Code/unauthorized`` error: the credentials were refused and refreshing them didn't help.
    public static func unauthorized(_ message: String, underlying: (any Error)? = nil) -> GraftError {
        GraftError(.unauthorized, message: message, underlying: underlying)
    }

    /// A ``Code/cancelled`` error.
    public static func cancelled(underlying: (any Error)? = nil) -> GraftError {
        GraftError(.cancelled, message: "the request was cancelled", underlying: underlying)
    }

    /// A ``Code/timedOut`` error for a request that took longer than `timeout`.
    public static func timedOut(after timeout: Duration?, underlying: (any Error)? = nil) -> GraftError {
        let limit = timeout.map { " after \($0.graftMilliseconds) ms" } ?? ""
        return GraftError(.timedOut, message: "the request timed out\(limit)", underlying: underlying)
    }

    /// A ``Code/rateLimited`` error.
    public static func rateLimited(_ message: String = "the client-side rate limit was exceeded") -> GraftError {
        GraftError(.rateLimited, message: message)
    }
}

extension Duration {
    /// The duration in whole milliseconds, for messages.
    var graftMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
