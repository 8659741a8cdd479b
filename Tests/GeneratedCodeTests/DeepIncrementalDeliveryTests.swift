import CourseCatalogAPI
import Foundation
import GraftTestSupport
import Testing
@_spi(Generated) @testable import Graft

/// A server's `@defer` payloads that would grow the merged data past one response's depth, each
/// within the parser's limit, through HTTPTransport, GraphQLClient and the generated CourseOutlineQuery.
@Suite("Incremental delivery: deep payloads")
struct DeepIncrementalDeliveryTests {
    /// 500 levels under the course (the first payload decodes), then `count` payloads of 500 more.
    static func payloads(_ count: Int) -> DeepIncrementalPayloads {
        DeepIncrementalPayloads(levels: 500, incrementalCount: count, pathPrefix: ["course"]) { chain in
            #"{"course":{\#(IncrementalDeliveryTests.course),"lessons":[],"a":\#(chain)}}"#
        }
    }

    static let query = CourseOutlineQuery(slug: "swift-concurrency")

    @Test("fetchIncrementally gives the first result, then fails naming the depth limit; the rest is never read",
          arguments: [40, 400])
    func client(count: Int) async throws {
        let http = OnDemandMultipartClient(Self.payloads(count))
        let client = GraphQLClient(transport: HTTPTransport(url: URL(string: "https://api.example.com/graphql")!, client: http),
                                   store: CacheStore())
        var titles: [String?] = []
        let error = await #expect(throws: GraftError.self) {
            for try await response in client.fetchIncrementally(Self.query) { titles.append(response.data?.course?.title) }
        }
        #expect(titles == ["Swift Concurrency"])
        #expect(error?.code == .decoding)
        #expect(error?.message.contains("deeper than 511 levels, the depth limit of one response") == true)
        #expect(error?.operation == "CourseOutline")
        #expect(http.partsMade <= 3)
    }

    @Test("on a 512 KB stack the transport parses and merges the parts until the error; the result is decoded, cached and serialized there")
    func smallStack() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        for count in [40, 400] {
            let http = OnDemandMultipartClient(Self.payloads(count))
            let transport = HTTPTransport(url: URL(string: "https://api.example.com/graphql")!, client: http)
            let store = CacheStore()
            let executor = SmallStackExecutor()
            defer { executor.shutdown() }
            let outcome = try await withTaskExecutorPreference(executor) {
                let received = NSLock()
                nonisolated(unsafe) var bodies: [GraphQLResponseBody] = []
                var failure: GraftError?
                do {
                    _ = try await transport.sendIncremental(GraphQLRequest(Self.query), includingQuery: true, options: RequestOptions()) { body in
                        received.withLock { bodies.append(body) }
                    }
                } catch {
                    failure = error as? GraftError
                }
                var serialized: [Int] = []
                for body in received.withLock({ bodies }) {
                    let response = try GraphQLClient.typedResponse(body, operationName: "CourseOutline", as: CourseOutlineQuery.Data.self,
                                                                   options: RequestOptions())
                    let data = try #require(response.data)
                    try await store.write(data: data, for: Self.query)
                    serialized.append(data.__jsonValue.serialized.utf8.count)
                }
                let cached = try await store.read(Self.query)
                return (serialized, failure, cached.data.course?.title, SmallStack.currentThreadStackSize())
            }
            #expect(outcome.0.count == 1 && outcome.0[0] > 500 * 6, "one result, holding the 500-level chain")
            #expect(outcome.1?.message.contains("deeper than 511 levels") == true)
            #expect(outcome.2 == "Swift Concurrency")
            if let stack = outcome.3 { #expect(stack <= SmallStack.size) }
        }
    }
}

/// An ``HTTPClient`` answering with `payloads` as a `multipart/mixed` body (`deferSpec=20220824`),
/// each part made when the reader asks for the next chunk.
final class OnDemandMultipartClient: HTTPClient, @unchecked Sendable {
    let payloads: DeepIncrementalPayloads
    private let lock = NSLock()
    private var made = 0

    init(_ payloads: DeepIncrementalPayloads) {
        self.payloads = payloads
    }

    /// The chunks made so far (each part one chunk, then the closing delimiter).
    var partsMade: Int { lock.withLock { made } }

    func send(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPResponse {
        try await stream(request, context: context).collect()
    }

    func stream(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPStreamingResponse {
        let chunks = AsyncThrowingStream<Data, any Error>(unfolding: { [self] in nextChunk() })
        return HTTPStreamingResponse(statusCode: 200, headers: ["Content-Type": "multipart/mixed;boundary=\"graphql\";deferSpec=20220824"],
                                     body: HTTPBodyStream(chunks))
    }

    private func nextChunk() -> Data? {
        lock.withLock {
            guard made <= payloads.count else { return nil }
            defer { made += 1 }
            if made == payloads.count { return Data("--graphql--\r\n".utf8) }
            return Data("--graphql\r\nContent-Type: application/json; charset=utf-8\r\n\r\n\(payloads.payload(made))\r\n".utf8)
        }
    }
}
