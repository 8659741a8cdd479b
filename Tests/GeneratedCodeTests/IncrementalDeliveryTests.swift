import CourseCatalogAPI
import Foundation
import Graft
import Testing

/// `@defer` and `@stream` through HTTPTransport, GraphQLClient and the generated CourseOutlineQuery:
/// canned multipart responses in both wire formats, cut into chunks of every size.
@Suite("Incremental delivery (canned)")
struct IncrementalDeliveryTests {
    static func lesson(_ n: Int) -> String {
        #"{"__typename":"VideoLesson","id":"lesson-\#(n)","title":"Lesson \#(n)","position":\#(n)}"#
    }

    static let course = #""__typename":"Course","id":"course-1","slug":"swift-concurrency","title":"Swift Concurrency""#
    static let stats = #"{"rating":4.5,"reviews":[{"__typename":"Review","id":"review-1","rating":5},{"__typename":"Review","id":"review-2","rating":4}]}"#

    /// graphql-js 17 / Strawberry: `pending`, `incremental` with ids, `completed`, and a last
    /// payload that only says `hasNext: false` (not delivered again).
    static let current = MultipartReplayClient.multipart([
        #"{"data":{"course":{\#(course),"lessons":[\#(lesson(1))]}},"pending":[{"id":"0","path":["course","lessons"]},{"id":"1","path":["course"],"label":"stats"}],"hasNext":true}"#,
        #"{"incremental":[{"id":"0","items":[\#(lesson(2))]}],"hasNext":true}"#,
        #"{"incremental":[{"id":"1","data":\#(stats)}],"completed":[{"id":"1"}],"hasNext":true}"#,
        #"{"incremental":[{"id":"0","items":[\#(lesson(3)),\#(lesson(4))]}],"completed":[{"id":"0"}],"hasNext":true}"#,
        #"{"hasNext":false}"#,
    ])

    /// `deferSpec=20220824` (Apollo Router's framing: a line break before the first delimiter).
    static let spec20220824 = "\r\n" + MultipartReplayClient.multipart([
        #"{"data":{"course":{\#(course),"lessons":[\#(lesson(1))]}},"hasNext":true}"#,
        #"{"incremental":[{"items":[\#(lesson(2))],"path":["course","lessons",1]}],"hasNext":true}"#,
        #"{"incremental":[{"data":\#(stats),"path":["course"],"label":"stats"}],"hasNext":true}"#,
        #"{"incremental":[{"items":[\#(lesson(3)),\#(lesson(4))],"path":["course","lessons",2]}],"hasNext":false}"#,
    ])

    static let formats = [
        ("multipart/mixed; boundary=\"graphql\"", current),
        ("multipart/mixed;boundary=\"graphql\";deferSpec=20220824", spec20220824),
    ]

    static func client(_ format: (String, String), seed: Int = 0, store: CacheStore? = CacheStore())
        -> (GraphQLClient, MultipartReplayClient) {
        let http = MultipartReplayClient(contentType: format.0, body: format.1, seed: seed)
        let transport = HTTPTransport(url: URL(string: "https://api.example.com/graphql")!, client: http)
        return (GraphQLClient(transport: transport, store: store), http)
    }

    static func responses(_ client: GraphQLClient) async throws -> [GraphQLResponse<CourseOutlineQuery.Data>] {
        var responses: [GraphQLResponse<CourseOutlineQuery.Data>] = []
        for try await response in client.fetchIncrementally(CourseOutlineQuery(slug: "swift-concurrency")) {
            responses.append(response)
        }
        return responses
    }

    @Test("both wire formats, in every chunking, give the same typed results: pending, then growing, then complete")
    func bothFormats() async throws {
        var results: [[CourseOutlineQuery.Data?]] = []
        for format in Self.formats {
            for seed in 0..<40 {
                let (client, _) = Self.client(format, seed: seed)
                results.append(try await Self.responses(client).map(\.data))
            }
        }
        #expect(Set(results.map { $0.map { $0.map(\.course) } }).count == 1)
        let steps = try #require(results.first).map { $0?.course }
        #expect(steps.count == 4)
        #expect(steps.map { $0?.lessons.count } == [1, 2, 2, 4])
        #expect(steps.map { $0?.stats.isPending } == [true, true, false, false])
        #expect(steps.map { $0?.title } == Array(repeating: "Swift Concurrency", count: 4))
        let stats = try #require(steps.last??.stats.value)
        #expect(stats.rating == 4.5)
        #expect(stats.reviews.map(\.id) == ["review-1", "review-2"])
        #expect(steps.last??.lessons.map(\.position) == [1, 2, 3, 4])
    }

    @Test("the request asks for both formats; an operation without @defer/@stream keeps the plain Accept header")
    func acceptHeader() async throws {
        let (client, http) = Self.client(Self.formats[0])
        _ = try await Self.responses(client)
        let accept = try #require(http.requests.first?.headers["Accept"])
        #expect(accept.contains("multipart/mixed;incrementalSpec=v0.2"))
        #expect(accept.contains("multipart/mixed;deferSpec=20220824"))
        #expect(accept.contains("application/json"))
        #expect(CourseOutlineQuery.document.usesIncrementalDelivery)
        #expect(!CourseDetailQuery.document.usesIncrementalDelivery)
        let (plainClient, plainHTTP) = Self.client(("application/json", #"{"data":{"course":null}}"#))
        let plain = try await plainClient.fetch(CourseDetailQuery(lookup: .slug("swift")))
        #expect(plain.data?.course == nil)
        #expect(plainHTTP.requests.first?.headers["Accept"] == HTTPTransport.acceptHeader)
    }

    @Test("fetch waits for the whole response; the cache then reads it complete")
    func fetchWaits() async throws {
        for format in Self.formats {
            let store = CacheStore()
            let (client, http) = Self.client(format, seed: 7, store: store)
            let response = try await client.fetch(CourseOutlineQuery(slug: "swift-concurrency"), cachePolicy: .networkOnly)
            #expect(response.data?.course?.lessons.count == 4)
            #expect(response.data?.course?.stats.value?.rating == 4.5)
            let cached = try await store.read(CourseOutlineQuery(slug: "swift-concurrency"))
            #expect(!cached.hasPendingDeferred)
            #expect(cached.data.course == response.data?.course)
            #expect(http.requests.count == 1)
        }
    }

    @Test("every payload is merged into the cache: a watcher sees the fragment pending, then the full data")
    func watcherSeesEveryStep() async throws {
        let store = CacheStore()
        let seen = NSLock()
        nonisolated(unsafe) var courses: [CourseOutlineQuery.Data.Course?] = []
        _ = await store.addWatcher(CourseOutlineQuery(slug: "swift-concurrency")) { result in
            if case .success(let read) = result { seen.withLock { courses.append(read.data.course) } }
        }
        let (client, _) = Self.client(Self.formats[1], seed: 3, store: store)
        _ = try await Self.responses(client)
        let delivered = seen.withLock { courses }
        #expect(delivered.map { $0?.lessons.count } == [1, 2, 2, 4])
        #expect(delivered.first??.stats.isPending == true)
        #expect(delivered.last??.stats.value?.reviews.count == 2)
    }

    @Test("a cached response whose deferred fragment is missing reads as pending; fetch then asks the server")
    func pendingInCache() async throws {
        let store = CacheStore()
        let query = CourseOutlineQuery(slug: "swift-concurrency")
        let first = try JSONParser.parse(#"{"course":{\#(Self.course),"lessons":[\#(Self.lesson(1))]}}"#)
        try await store.write(responseData: try #require(first.objectValue), for: query)
        let cached = try await store.read(query)
        #expect(cached.hasPendingDeferred)
        #expect(cached.data.course?.stats == .pending)
        #expect(cached.data.course?.lessons.count == 1)
        let (client, http) = Self.client(Self.formats[0], store: store)
        let response = try await client.fetch(query)
        #expect(http.requests.count == 1)
        #expect(response.source == .server)
        #expect(response.data?.course?.stats.value?.rating == 4.5)
    }

    @Test("a deferred fragment that fails is .failed with its errors, in both formats")
    func failed() async throws {
        let error = #"{"message":"ratings are unavailable","path":["course","rating"]}"#
        let first = #"{"data":{"course":{\#(Self.course),"lessons":[\#(Self.lesson(1))]}},"#
        let current = MultipartReplayClient.multipart([
            first + #""pending":[{"id":"1","path":["course"],"label":"stats"}],"hasNext":true}"#,
            #"{"completed":[{"id":"1","errors":[\#(error)]}],"hasNext":false}"#,
        ])
        let old = MultipartReplayClient.multipart([
            first + #""hasNext":true}"#,
            #"{"incremental":[{"data":null,"path":["course"],"label":"stats","errors":[\#(error)]}],"hasNext":false}"#,
        ])
        var finals: [GraphQLResponse<CourseOutlineQuery.Data>] = []
        for format in [(Self.formats[0].0, current), (Self.formats[1].0, old)] {
            let (client, _) = Self.client(format)
            finals.append(try #require(try await Self.responses(client).last))
        }
        #expect(finals[0].data == finals[1].data)
        for response in finals {
            guard case .failed(let errors)? = response.data?.course?.stats else {
                Issue.record("expected a failed fragment, got \(String(describing: response.data?.course?.stats))")
                continue
            }
            #expect(errors.map(\.message) == ["ratings are unavailable"])
            #expect(response.errors.map(\.message) == ["ratings are unavailable"])
            #expect(response.errors.first?.path?.description == "course.rating")
        }
    }

    @Test("a stream that ends while the server said more would follow is a transport error")
    func truncated() async throws {
        let parts = [#"{"data":{"course":{\#(Self.course),"lessons":[]}},"hasNext":true}"#]
        let body = "--graphql\r\nContent-Type: application/json\r\n\r\n\(parts[0])\r\n--graphql--\r\n"
        let (client, _) = Self.client((Self.formats[0].0, body))
        var count = 0
        let error = await #expect(throws: GraftError.self) {
            for try await _ in client.fetchIncrementally(CourseOutlineQuery(slug: "swift-concurrency")) { count += 1 }
        }
        #expect(count == 1)
        #expect(error?.code == .transport)
        #expect(error?.message.contains("hasNext") == true)
        #expect(error?.operation == "CourseOutline")
    }

    @Test("ending the iteration after the first response closes the connection")
    func cancelCloses() async throws {
        let first = #"{"data":{"course":{\#(Self.course),"lessons":[\#(Self.lesson(1))]}},"hasNext":true}"#
        let http = MultipartReplayClient(contentType: Self.formats[1].0, body: "--graphql\r\n\r\n\(first)\r\n--graphql\r\n", stalls: true)
        let client = GraphQLClient(transport: HTTPTransport(url: URL(string: "https://api.example.com/graphql")!, client: http))
        for try await response in client.fetchIncrementally(CourseOutlineQuery(slug: "swift-concurrency")) {
            #expect(response.data?.course?.stats.isPending == true)
            break
        }
        for _ in 0..<100_000 where http.cancelledBodies == 0 { await Task.yield() }
        #expect(http.cancelledBodies == 1)
    }

    @Test("every truncation of a response ends in a transport error, never in a short result that looks complete")
    func everyTruncation() async throws {
        for format in Self.formats {
            let bytes = Array(format.1.utf8)
            let close = try #require(format.1.range(of: "\r\n--graphql--")).lowerBound.utf16Offset(in: format.1)
            for length in stride(from: 0, to: bytes.count, by: 3) {
                let (client, _) = Self.client((format.0, String(decoding: bytes[..<length], as: UTF8.self)), seed: length % 7)
                var last: CourseOutlineQuery.Data?
                do {
                    for try await response in client.fetchIncrementally(CourseOutlineQuery(slug: "swift-concurrency")) { last = response.data }
                    #expect(length >= close, "length \(length) ended without an error")
                    #expect(last?.course?.lessons.count == 4, "length \(length)")
                } catch let error as GraftError {
                    #expect(error.code == .transport, "length \(length): \(error)")
                }
            }
        }
    }
}
