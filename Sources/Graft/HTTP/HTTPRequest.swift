import Foundation

/// An HTTP request as a value: method, URL, headers and an optional body.
///
/// Printing a request redacts secret headers and secret query parameters (see ``Redactor``).
public struct HTTPRequest: Sendable, Hashable {
    /// The request method.
    public var method: HTTPMethod
    /// The absolute URL, including any query string.
    public var url: URL
    /// The header fields.
    public var headers: HTTPHeaders
    /// What is sent: bytes in memory or a stream (a file upload), or `nil` for no body.
    public var content: HTTPRequestBody?

    /// The body when it is bytes in memory; `nil` for no body and for a streamed one (see
    /// ``content``). Setting it replaces the content.
    public var body: Data? {
        get { content?.data }
        set { content = newValue.map(HTTPRequestBody.data) }
    }

    /// Creates a request.
    public init(method: HTTPMethod = .get, url: URL, headers: HTTPHeaders = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.content = body.map(HTTPRequestBody.data)
    }

    /// Creates a request whose body is `content` (for example a ``HTTPRequestBody/stream(_:)``).
    public init(method: HTTPMethod, url: URL, headers: HTTPHeaders = [:], content: HTTPRequestBody?) {
        self.method = method
        self.url = url
        self.headers = headers
        self.content = content
    }
}

extension HTTPRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `METHOD URL`, with secret query parameters redacted.
    public var description: String {
        RequestSummary(self, redactor: .default).description
    }

    /// The method, redacted URL and redacted headers, and the body size.
    public var debugDescription: String {
        let summary = RequestSummary(self, redactor: .default)
        return "HTTPRequest(\(summary.description), headers: [\(summary.headers.description)], body: \(content?.summary ?? "0 bytes"))"
    }

    /// A mirror without secrets, so `dump` never shows credentials.
    public var customMirror: Mirror {
        let summary = RequestSummary(self, redactor: .default)
        return Mirror(self, children: ["method": method, "url": summary.url, "headers": headers,
                                       "bodyByteCount": Int(content?.length ?? 0)])
    }
}
