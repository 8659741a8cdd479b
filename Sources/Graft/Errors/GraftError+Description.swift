import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension GraftError: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable, LocalizedError {
    /// The most characters of the message, and of each underlying description, that descriptions show.
    static let maxShownLength = 1000

    /// One line: code, message, operation, request summary, status, a redacted body excerpt and the
    /// underlying cause. Never contains secret headers, secret fields or credentials in flight, and
    /// stays short however long the server's text (the message is cut to `maxShownLength`, 1,000 characters).
    public var description: String {
        var parts = ["GraftError.\(code.rawValue): \(shown(message))"]
        if let operation { parts.append("operation: \(shown(operation))") }
        if let request { parts.append("request: \(shown(request.description))") }
        if let statusCode { parts.append("status: \(statusCode)") }
        if let responsePath, code == .decoding { parts.append("path: \(responsePath.isEmpty ? "<root>" : shown(responsePath))") }
        if let responseBody, !responseBody.isEmpty, code == .httpStatus {
            let excerpt = bodyExcerpt ?? Redactor.default.redact(body: responseBody, contentType: responseHeaders?["Content-Type"],
                                                                 secrets: knownSecrets, limit: 200)
            parts.append("body: \(excerpt)")
        }
        if let underlying { parts.append("underlying: \(shown(Self.safeDescription(of: underlying)))") }
        return parts.joined(separator: "; ")
    }

    /// The description plus the request's redacted headers.
    public var debugDescription: String {
        guard let request, !request.headers.isEmpty else { return description }
        return description + "; request headers: [\(shown(request.headers.description))]"
    }

    /// The description, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// `text` with the known secrets scrubbed, then cut to ``maxShownLength`` (in that order, so a
    /// cut cannot leave part of a secret).
    func shown(_ text: String) -> String {
        Redactor.default.scrub(text, secrets: knownSecrets).truncated(to: Self.maxShownLength)
    }

    /// A mirror without secrets, so `dump(error)` shows the same as the description: the underlying
    /// error only as its safe description, the body only as its size.
    public var customMirror: Mirror {
        var children: [(label: String?, value: Any)] = [("code", code), ("message", shown(message))]
        if let operation { children.append(("operation", operation)) }
        if let request { children.append(("request", request)) }
        if let statusCode { children.append(("statusCode", statusCode)) }
        if let responseBody { children.append(("responseBodyByteCount", responseBody.count)) }
        if let responsePath { children.append(("responsePath", responsePath)) }
        if let underlying { children.append(("underlying", shown(Self.safeDescription(of: underlying)))) }
        return Mirror(self, children: children)
    }

    /// Describes an underlying error without anything that might be secret.
    ///
    /// `URLError`s are described by code only (their user info holds the full URL, query and all);
    /// `DecodingError`s by path and reason; other errors by type and a redacted description.
    static func safeDescription(of error: any Error) -> String {
        switch error {
        case let error as GraftError:
            return "(\(error.description))"
        case let error as URLError:
            return "URLError(\(error.code.rawValue), \(error.code.graftName))"
        case let error as DecodingError:
            let (path, reason) = error.pathAndReason
            return "DecodingError at \(path.isEmpty ? "<root>" : path): \(reason)"
        case is CancellationError:
            return "CancellationError"
        default:
            let text = String(describing: error)
            return "\(type(of: error)): \(Redactor.default.scrubCredentialPatterns(Redactor.default.redact(jsonText: text)))"
        }
    }
}
