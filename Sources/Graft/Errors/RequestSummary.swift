import Foundation

/// A request described without secrets: method, URL with secret query values redacted, and
/// headers with secret values redacted. Of the body it keeps the size, never the contents.
public struct RequestSummary: Sendable, Hashable, CustomStringConvertible {
    /// The request method.
    public var method: HTTPMethod
    /// The URL with userinfo removed and secret query values replaced by ``Redactor/placeholder``.
    public var url: String
    /// The headers with secret values replaced by ``Redactor/placeholder``.
    public var headers: HTTPHeaders
    /// The body's size in bytes: nil without a body or for a stream of unknown length.
    public var bodyLength: Int64?
    /// Whether the body is streamed (a file upload) rather than bytes in memory.
    public var bodyIsStreamed: Bool

    /// `METHOD URL`, and for a streamed body its size: `POST https://… (streamed body, 1024 bytes)`.
    public var description: String {
        guard bodyIsStreamed else { return "\(method) \(url)" }
        return "\(method) \(url) (streamed body, " + (bodyLength.map { "\($0) bytes" } ?? "length unknown") + ")"
    }
}
