import Foundation

/// An HTTP response as a value: status code, headers and the complete body.
///
/// An ``HTTPClient`` returns a response for every status code; turning a status into an error is
/// the job of the layer above (REST endpoints, the GraphQL transport), which knows what it expects.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code, for example `200`.
    public var statusCode: Int
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body bytes (empty when there is none).
    public var body: Data
    /// The URL that produced the response, after redirects, when known.
    public var url: URL?

    /// Creates a response.
    public init(statusCode: Int, headers: HTTPHeaders = [:], body: Data = Data(), url: URL? = nil) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// Whether the status is in the 2xx range.
    public var isSuccess: Bool { (200..<300).contains(statusCode) }
}

extension HTTPResponse: CustomStringConvertible, CustomReflectable {
    /// `HTTP <status> (<n> bytes)`; headers and body are left out because they may hold secrets.
    public var description: String { "HTTP \(statusCode) (\(body.count) bytes)" }

    /// A mirror with redacted headers and the body size only.
    public var customMirror: Mirror {
        Mirror(self, children: ["statusCode": statusCode, "headers": headers, "bodyByteCount": body.count])
    }
}
