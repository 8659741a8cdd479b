import Foundation
import Graft

/// An ``HTTPClient`` that answers every request with one canned 200 response streamed in chunks of
/// varying sizes (chosen by `seed`, 1 byte and up), so that parsers meet every boundary; records
/// the requests.
final class MultipartReplayClient: HTTPClient, @unchecked Sendable {
    let contentType: String
    let body: [UInt8]
    let seed: Int
    private let lock = NSLock()
    private var received: [HTTPRequest] = []

    init(contentType: String, body: String, seed: Int = 0) {
        self.contentType = contentType
        self.body = Array(body.utf8)
        self.seed = seed
    }

    /// Every request received, in order.
    var requests: [HTTPRequest] { lock.withLock { received } }

    func send(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPResponse {
        try await stream(request, context: context).collect()
    }

    func stream(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPStreamingResponse {
        lock.withLock { received.append(request) }
        let (chunks, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        var index = 0
        var state = UInt64(truncatingIfNeeded: seed) &* 6_364_136_223_846_793_005 &+ 1
        while index < body.count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let largest = seed == 0 ? body.count : seed % 40 + 1
            let size = Int((state >> 33) % UInt64(largest)) + 1
            continuation.yield(Data(body[index..<min(body.count, index + size)]))
            index += size
        }
        continuation.finish()
        return HTTPStreamingResponse(statusCode: 200, headers: ["Content-Type": contentType], body: HTTPBodyStream(chunks))
    }

    /// A multipart body of `parts` (JSON texts) with Strawberry's framing (no preamble, `--boundary--` closing).
    static func multipart(_ parts: [String], boundary: String = "graphql") -> String {
        var text = ""
        for part in parts { text += "--\(boundary)\r\nContent-Type: application/json; charset=utf-8\r\n\r\n\(part)\r\n" }
        return text + "--\(boundary)--\r\n"
    }
}
