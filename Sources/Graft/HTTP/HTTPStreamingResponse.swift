import Foundation

/// An HTTP response whose body is read as it arrives: the status and headers, then a
/// ``HTTPBodyStream``. What ``HTTPClient/stream(_:context:)`` returns.
public struct HTTPStreamingResponse: Sendable {
    /// The status code, for example `200`.
    public var statusCode: Int
    /// The header fields.
    public var headers: HTTPHeaders
    /// The URL that produced the response, after redirects, when known.
    public var url: URL?
    /// The body, chunk by chunk.
    public var body: HTTPBodyStream

    /// Creates a response.
    public init(statusCode: Int, headers: HTTPHeaders = [:], url: URL? = nil, body: HTTPBodyStream) {
        self.statusCode = statusCode
        self.headers = headers
        self.url = url
        self.body = body
    }

    /// A streaming response replaying a complete one (its body as one chunk).
    public init(_ response: HTTPResponse) {
        self.init(statusCode: response.statusCode, headers: response.headers, url: response.url,
                  body: HTTPBodyStream(data: response.body))
    }

    /// Whether the status is in the 2xx range.
    public var isSuccess: Bool { (200..<300).contains(statusCode) }

    /// Reads the whole body (at most `limit` bytes) into a complete response.
    public func collect(upTo limit: Int = 64 << 20) async throws -> HTTPResponse {
        HTTPResponse(statusCode: statusCode, headers: headers, body: try await body.collect(upTo: limit), url: url)
    }

    /// The head as a complete response for interceptors written for ``HTTPInterceptor/intercept(_:context:next:)``,
    /// and the streaming response to continue with. A successful response's body is left streaming
    /// (the head has an empty body); an error response's body is read (at most `errorBodyLimit`
    /// bytes, as error bodies are small) so that interceptors see it, and replayed.
    func head(errorBodyLimit: Int = 1 << 20) async throws -> (head: HTTPResponse, rest: HTTPStreamingResponse) {
        guard !isSuccess else {
            return (HTTPResponse(statusCode: statusCode, headers: headers, url: url), self)
        }
        let complete = try await collect(upTo: errorBodyLimit)
        return (complete, HTTPStreamingResponse(complete))
    }
}

extension HTTPStreamingResponse: CustomStringConvertible {
    /// `HTTP <status> (streaming)`; headers are left out because they may hold secrets.
    public var description: String { "HTTP \(statusCode) (streaming)" }
}
