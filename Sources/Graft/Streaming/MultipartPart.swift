import Foundation

/// One part of a `multipart/mixed` body: its header fields and its bytes.
public struct MultipartPart: Sendable, Hashable {
    /// The part's header fields (`Content-Type`, ...), empty when it has none.
    public var headers: HTTPHeaders
    /// The part's bytes, without the line break that precedes the next delimiter.
    public var body: Data

    /// Creates a part.
    public init(headers: HTTPHeaders = [:], body: Data) {
        self.headers = headers
        self.body = body
    }
}
