import Foundation
import Graft
import GraftTesting
import GraftTestSupport
import Testing

/// A client whose streamed responses are scripted: each attempt takes the next status and chunks;
/// after the chunks the body stays open (`stalls`) or ends. Records each request's headers.
final class ScriptedStreamClient: HTTPClient, @unchecked Sendable {
    struct Reply: Sendable {
        var status: Int
        var chunks: [String]
        var stalls = false
        var contentType = "text/plain"
    }

    private let lock = NSLock()
    private var replies: [Reply]
    private(set) var requests: [HTTPRequest] = []
    private(set) var cancelledBodies = 0

    init(_ replies: [Reply]) {
        self.replies = replies
    }

    func send(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPResponse {
        try await stream(request, context: context).collect()
    }

    func stream(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPStreamingResponse {
        let reply = lock.withLock {
            requests.append(request)
            return replies.count > 1 ? replies.removeFirst() : replies[0]
        }
        let (chunks, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        for chunk in reply.chunks { continuation.yield(Data(chunk.utf8)) }
        if !reply.stalls { continuation.finish() }
        let body = HTTPBodyStream(chunks) { [self] in
            lock.withLock { cancelledBodies += 1 }
            continuation.finish(throwing: CancellationError())
        }
        return HTTPStreamingResponse(statusCode: reply.status, headers: ["Content-Type": reply.contentType], body: body)
    }
}

@Suite("Streaming through the interceptors", .timingSensitive)
struct StreamingHTTPClientTests {
    static let request = HTTPRequest(method: .post, url: URL(string: "https://api.example.com/graphql")!, body: Data("{}".utf8))

    @Test("a 503 before the first byte is retried; the 200's chunks arrive in order; auth applies to each attempt")
    func retryBeforeFirstByte() async throws {
        let base = ScriptedStreamClient([.init(status: 503, chunks: ["busy"]), .init(status: 200, chunks: ["a", "b", "c"])])
        let client = InterceptingHTTPClient(base: base, interceptors: [
            RetryInterceptor(policy: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(1)), sleep: { _ in }),
            AuthenticationInterceptor { "stream-token" },
        ])
        let response = try await client.stream(Self.request, context: RequestContext(isIdempotent: true))
        #expect(response.statusCode == 200)
        var chunks: [String] = []
        for try await chunk in response.body { chunks.append(String(decoding: chunk, as: UTF8.self)) }
        #expect(chunks == ["a", "b", "c"])
        #expect(base.requests.count == 2)
        #expect(base.requests.allSatisfy { $0.headers["Authorization"] == "Bearer stream-token" })
        #expect(base.cancelledBodies == 0)
    }

    @Test("the timeout is an idle timeout: a body that stops sending fails with timedOut and is closed")
    func idleTimeout() async throws {
        let base = ScriptedStreamClient([.init(status: 200, chunks: ["first"], stalls: true)])
        let client = InterceptingHTTPClient(base: base, interceptors: [TimeoutInterceptor(default: .milliseconds(200))])
        let response = try await client.stream(Self.request, context: RequestContext())
        var received: [String] = []
        let error = await #expect(throws: GraftError.self) {
            for try await chunk in response.body { received.append(String(decoding: chunk, as: UTF8.self)) }
        }
        #expect(received == ["first"])
        #expect(error?.code == .timedOut)
        #expect(error?.message.contains("idle") == true)
        #expect(base.cancelledBodies >= 1)
    }

    @Test("cancelling the body closes the connection below every relay")
    func cancel() async throws {
        let base = ScriptedStreamClient([.init(status: 200, chunks: ["x"], stalls: true)])
        let log = RecordingLogSink()
        let client = InterceptingHTTPClient(base: base, interceptors: [LoggingInterceptor(sink: log)])
        let response = try await client.stream(Self.request, context: RequestContext(timeout: .seconds(30)))
        let reader = Task {
            var count = 0
            for try await _ in response.body { count += 1 }
            return count
        }
        try await Task.sleep(for: .milliseconds(50))
        reader.cancel()
        _ = try? await reader.value
        for _ in 0..<200 where base.cancelledBodies == 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(base.cancelledBodies >= 1)
        #expect(log.lines.contains { $0.contains("(streaming)") })
    }

    @Test("a client without streaming (the protocol default) streams the whole body as one chunk")
    func defaultStream() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .json("{\"data\":{}}"))
        let response = try await mock.stream(Self.request, context: RequestContext())
        var chunks: [Data] = []
        for try await chunk in response.body { chunks.append(chunk) }
        #expect(chunks == [Data("{\"data\":{}}".utf8)])
    }
}
