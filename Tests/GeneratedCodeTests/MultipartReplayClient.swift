import Foundation
import Graft

/// An ``HTTPClient`` that answers every request with one canned 200 response streamed in chunks of
/// varying sizes (chosen by `seed`, 1 byte and up), so that parsers meet every boundary; records
/// the requests. With `stalls`, the body stays open after the last chunk (only the client can end it).
final class MultipartReplayClient: HTTPClient, @unchecked Sendable {
    let contentType: String
    let body: [UInt8]
    let seed: Int
    let stalls: Bool
    private let lock = NSLock()
    private var received: [HTTPRequest] = []
    private var cancelled = 0

    init(contentType: String, body: String, seed: Int = 0, stalls: Bool = false) {
        self.contentType = contentType
        self.body = Array(body.utf8)
        self.seed = seed
        self.stalls = stalls
    }

    /// Every request received, in order.
    var requests: [HTTPRequest] { lock.withLock { received } }

    /// How many response bodies the client closed.
    var cancelledBodies: Int { lock.withLock { cancelled } }

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
        if !stalls { continuation.finish() }
        let body = HTTPBodyStream(chunks) { [self] in
            lock.withLock { cancelled += 1 }
            continuation.finish(throwing: CancellationError())
        }
        return HTTPStreamingResponse(statusCode: 200, headers: ["Content-Type": contentType], body: body)
    }

    /// A multipart body of `parts` (JSON texts) with Strawberry's framing (no preamble, `--boundary--` closing).
    static func multipart(_ parts: [String], boundary: String = "graphql") -> String {
        var text = ""
        for part in parts { text += "--\(boundary)\r\nContent-Type: application/json; charset=utf-8\r\n\r\n\(part)\r\n" }
        return text + "--\(boundary)--\r\n"
    }
}
