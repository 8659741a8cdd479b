import Foundation

/// A request described without secrets: method, URL with secret query values redacted, and
/// headers with secret values redacted. It carries no body.
public struct RequestSummary: Sendable, Hashable, CustomStringConvertible {
    /// The request method.
    public var method: HTTPMethod
    /// The URL with userinfo removed and secret query values replaced by ``Redactor/placeholder``.
    public var url: String
    /// The headers with secret values replaced by ``Redactor/placeholder``.
    public var headers: HTTPHeaders

    /// Summarizes `request`, redacting what `redactor` considers secret.
    public init(_ request: HTTPRequest, redactor: Redactor = .default) {
        method = request.method
        url = redactor.redact(url: request.url)
        headers = redactor.redact(headers: request.headers)
    }

    /// `METHOD URL`.
    public var description: String { "\(method) \(url)" }
}
