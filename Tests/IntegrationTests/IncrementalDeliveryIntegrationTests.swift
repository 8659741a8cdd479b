import CourseCatalogAPI
import Foundation
import Graft
import GraftTestSupport
import Testing

/// `@defer` and `@stream` against Strawberry (graphql-core 3.3's incremental executor, the
/// graphql-js 17 format over multipart/mixed). The server's resolvers for the deferred `rating`
/// and the streamed lessons after the first wait on holds the test releases (Tests/IntegrationServer/holds.py),
/// so the first response is known to come before the rest without relying on timing.
@Suite("@defer and @stream against Strawberry", .timingSensitive)
struct IncrementalDeliveryIntegrationTests {
    static let query = CourseOutlineQuery(slug: "swift-concurrency")

    static func client(_ session: TestClient, store: CacheStore, kind: HTTPClientKind = .default) -> GraphQLClient {
        let http = InterceptingHTTPClient(base: kind.make(), interceptors: [
            HeaderInjectionInterceptor(["X-Test-Session": session.session]),
        ])
        return GraphQLClient(transport: HTTPTransport(url: session.baseURL.appendingPathComponent("graphql"), client: http), store: store)
    }

    @Test("the immediate fields come first with the deferred fragment pending, then the full value; the stream grows; a watcher sees the final data",
          arguments: HTTPClientKind.allCases)
    func deferAndStream(kind: HTTPClientKind) async throws {
        let session = try await TestClient.make()
        let store = CacheStore()
        let client = Self.client(session, store: store, kind: kind)
        let watcher = StreamCollector(client.watch(Self.query, cachePolicy: .cacheOnly))

        let options = RequestOptions(headers: ["X-Test-Hold": "rating,lessons"])
        var responses = client.fetchIncrementally(Self.query, options: options).makeAsyncIterator()
        let first = try #require(try await responses.next())
        let course = try #require(first.data?.course)
        #expect(course.title == "Swift Concurrency in Practice")
        #expect(course.stats.isPending)
        #expect(course.lessons.map(\.position) == [1])
        #expect(first.errors.isEmpty)
        // The watcher of the same query sees the first payload, pending fragment and all.
        try await StrawberryWebSocketTests.eventually { watcher.items.last?.data?.course?.lessons.count == 1 }
        #expect(watcher.items.last?.data?.course?.stats.isPending == true)

        try await session.post("/test/control", json: ["release": ["lessons", "rating"]])
        var later: [GraphQLResponse<CourseOutlineQuery.Data>] = []
        while let next = try await responses.next() { later.append(next) }
        let counts = later.compactMap { $0.data?.course?.lessons.count }
        #expect(!later.isEmpty)
        #expect(counts == counts.sorted())
        let final = try #require(later.last?.data?.course)
        #expect(final.lessons.map(\.position) == [1, 2, 3, 4])
        #expect(final.lessons.first?.title == "Why structured concurrency")
        let stats = try #require(final.stats.value)
        #expect(stats.rating != nil)
        #expect(!stats.reviews.isEmpty && stats.reviews.count <= 3)
        #expect(later.allSatisfy { $0.errors.isEmpty })

        try await StrawberryWebSocketTests.eventually {
            watcher.items.last?.data?.course?.stats.value != nil && watcher.items.last?.data?.course?.lessons.count == 4
        }
        #expect(watcher.items.last?.data?.course == final)
        #expect(watcher.error == nil)
        watcher.cancel()
    }

    @Test("fetch of the same query waits for every payload and gives the complete value")
    func fetchCollects() async throws {
        let session = try await TestClient.make()
        let store = CacheStore()
        let client = Self.client(session, store: store)
        let response = try await client.fetch(Self.query, cachePolicy: .networkOnly)
        let course = try #require(response.data?.course)
        #expect(course.lessons.count == 4)
        #expect(course.stats.value?.reviews.isEmpty == false)
        let cached = try await store.read(Self.query)
        #expect(!cached.hasPendingDeferred)
        #expect(cached.data.course == course)
        let stats = try await session.stats()
        #expect(stats["lastRequest"]["headers"]["accept"].string?.contains("deferSpec=20220824") == true)
    }

    /// The "@defer and @stream" example of the SubscriptionsAndStreaming article, for a given URL (compiled, not run).
    static func readmeExample(url: URL) async throws {
        let client = GraphQLClient(transport: HTTPTransport(url: url), store: CacheStore())
        for try await response in client.fetchIncrementally(CourseOutlineQuery(slug: "swift-concurrency")) {
            guard let course = response.data?.course else { continue }
            switch course.stats {
            case .pending: print(course.title, "- rating loading")
            case .fulfilled(let stats): print(course.title, stats.rating as Any, stats.reviews.count)
            case .failed(let errors): print(course.title, "- no rating:", errors.map(\.message))
            }
            print(course.lessons.map(\.title))
        }
    }
}
