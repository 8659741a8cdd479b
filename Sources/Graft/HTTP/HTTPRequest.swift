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
    /// The body bytes, or `nil` for no body.
    public var body: Data?

    /// Creates a request.
    public init(method: HTTPMethod = .get, url: URL, headers: HTTPHeaders = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
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
        return "HTTPRequest(\(summary.description), headers: [\(summary.headers.description)], body: \(body?.count ?? 0) bytes)"
    }

    /// A mirror without secrets, so `dump` never shows credentials.
    public var customMirror: Mirror {
        let summary = RequestSummary(self, redactor: .default)
        return Mirror(self, children: ["method": method, "url": summary.url, "headers": headers,
                                       "bodyByteCount": body?.count ?? 0])
    }
}
