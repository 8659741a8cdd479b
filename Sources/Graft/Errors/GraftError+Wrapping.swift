import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension GraftError {
    /// Classifies a `URLError`: cancelled, timed out, or a transport failure. The underlying
    /// `URLError` is re-made without user info but the failing URL with its secrets redacted.
    public init(urlError: URLError, redactor: Redactor = .default) {
        let urlError = urlError.redactingURL(redactor)
        switch urlError.code {
        case .cancelled:
            self = .cancelled(underlying: urlError)
        case .timedOut:
            self = .timedOut(after: nil, underlying: urlError)
        default:
            self.init(.transport, message: "the network request failed (\(urlError.code.graftName))",
                      underlying: urlError)
        }
    }

    /// A response whose connection failed after the head: "the response ended after 512 of 1024
    /// bytes" when the length was announced, rather than a bare URLError number.
    static func bodyCutShort(received: Int, expected: Int?, statusCode: Int, underlying: any Error) -> GraftError {
        let message = if let expected, received < expected {
            "the response ended after \(received) of \(expected) bytes"
        } else {
            "the connection closed before the response was complete (\(received) bytes received)"
        }
        return GraftError(.transport, message: message, statusCode: statusCode, underlying: underlying)
    }

    /// A response body that passed `limit` bytes, after which the transfer was stopped; `remedy`
    /// says what lets it through.
    static func bodyTooLarge(limit: Int, statusCode: Int? = nil, remedy: String? = nil) -> GraftError {
        GraftError(.transport, message: "the response body is larger than \(limit) bytes" + (remedy.map { "; \($0)" } ?? ""),
                   statusCode: statusCode)
    }

    /// The underlying `URLError`'s code, looking through nested ``GraftError``s.
    public var urlErrorCode: URLError.Code? {
        switch underlying {
        case let error as URLError: return error.code
        case let error as GraftError: return error.urlErrorCode
        default: return nil
        }
    }
}

extension URLError.Code {
    /// A readable name for common codes, else the number.
    var graftName: String {
        switch self {
        case .timedOut: return "timed out"
        case .cancelled: return "cancelled"
        case .cannotFindHost: return "cannot find host"
        case .cannotConnectToHost: return "cannot connect to host"
        case .networkConnectionLost: return "network connection lost"
        case .notConnectedToInternet: return "not connected to the internet"
        case .dnsLookupFailed: return "DNS lookup failed"
        case .badServerResponse: return "bad server response"
        case .badURL: return "bad URL"
        case .unsupportedURL: return "unsupported URL"
        case .secureConnectionFailed: return "secure connection failed"
        case .resourceUnavailable: return "resource unavailable"
        default: return "URLError \(rawValue)"
        }
    }
}

extension DecodingError {
    /// The coding path as `a.b[2].c` and a reason without values from the payload.
    var pathAndReason: (path: String, reason: String) {
        switch self {
        case let .typeMismatch(type, context):
            return (context.codingPath.graftPath, "expected \(type): \(context.debugDescription)")
        case let .valueNotFound(type, context):
            return (context.codingPath.graftPath, "expected \(type) but found null: \(context.debugDescription)")
        case let .keyNotFound(key, context):
            let path = (context.codingPath + [key]).graftPath
            return (path, "missing key \"\(key.stringValue)\"")
        case let .dataCorrupted(context):
            return (context.codingPath.graftPath, "data corrupted: \(context.debugDescription)")
        @unknown default:
            return ("", "\(self)")
        }
    }
}

extension [any CodingKey] {
    /// The path as `a.b[2].c`.
    var graftPath: String {
        var result = ""
        for key in self {
            if let index = key.intValue {
                result += "[\(index)]"
            } else {
                if !result.isEmpty { result += "." }
                result += key.stringValue
            }
        }
        return result
    }
}
