import CourseCatalogAPI
import Foundation
import Graft
import GraftTestSupport
import GraftWebSocket
import Testing

/// Subscriptions over both WebSocket subprotocols against the Strawberry server, through libcurl
/// on Linux: typed events, completion, `complete`/`stop` on cancellation, and cache writes that
/// update a watcher.
@Suite("Subscriptions over WebSocket against Strawberry", .timingSensitive)
struct StrawberryWebSocketTests {
    /// A WebSocket transport to the shared server's /graphql, in `session`'s test session.
    static func transport(_ subprotocol: GraphQLWebSocketProtocol, session: TestClient) -> WebSocketTransport {
        var components = URLComponents(url: session.baseURL.appendingPathComponent("graphql"), resolvingAgainstBaseURL: false)!
        components.scheme = "ws"
        return WebSocketTransport(configuration: WebSocketConfiguration(
            url: components.url!, subprotocol: subprotocol, headers: ["X-Test-Session": session.session]))
    }

    @Test("a subscription receives the server's events typed, then completes", arguments: GraphQLWebSocketProtocol.allCases)
    func lessonProgress(subprotocol: GraphQLWebSocketProtocol) async throws {
        let session = try await TestClient.make()
        let client = GraphQLClient(transport: Self.transport(subprotocol, session: session))
        var events: [GraphQLResponse<LessonProgressSubscription.Data>] = []
        for try await event in client.subscribe(LessonProgressSubscription(lessonId: "lesson-3", steps: 3)) {
            events.append(event)
        }
        #expect(events.map(\.data?.lessonProgress.progress) == [0.3333, 0.6667, 1.0])
        #expect(events.map(\.data?.lessonProgress.completed) == [false, false, true])
        #expect(events.allSatisfy { $0.data?.lessonProgress.lesson.id == "lesson-3" && $0.errors.isEmpty })
        let stats = try await session.stats()
        #expect(stats["subscriptions"]["LessonProgress"].int == 1)
        #expect(stats["websocketConnections"].int == 1)
    }

    /// (Strawberry's legacy graphql-ws answers queries with the error "queries are not allowed".)
    @Test("a query can go over the socket too (graphql-transport-ws)")
    func queryOverSocket() async throws {
        let session = try await TestClient.make()
        let client = GraphQLClient(transport: Self.transport(.graphqlTransportWS, session: session))
        let response = try await client.fetch(CourseDetailQuery(lookup: .slug("swift-concurrency")))
        #expect(response.data?.course?.fragments.courseDetails.fragments.courseCard.slug == "swift-concurrency")
        #expect(response.errors.isEmpty)
        #expect(try await session.stats()["websocketConnections"].int == 1)
    }

    /// Strawberry does not run `@defer` over graphql-transport-ws; servers that do (graphql-ws with
    /// graphql-js 17) are covered by IncrementalOverWebSocketTests.
    @Test("a query with @defer over the socket: Strawberry's refusal arrives as the call's error, nothing partial")
    func deferredQueryOverSocket() async throws {
        let session = try await TestClient.make()
        let client = GraphQLClient(transport: Self.transport(.graphqlTransportWS, session: session))
        let response = try await client.fetch(CourseOutlineQuery(slug: "swift-concurrency"))
        #expect(response.data == nil)
        #expect(response.errors.map(\.message) == ["Incremental delivery is not supported over graphql-transport-ws"])
    }

    @Test("cancelling the consuming task sends complete (or stop), and the server sees it", arguments: GraphQLWebSocketProtocol.allCases)
    func cancelSendsComplete(subprotocol: GraphQLWebSocketProtocol) async throws {
        let session = try await TestClient.make()
        let (client, _) = try await CacheIntegrationTests.makeClient(store: CacheStore())
        let slug = try await CacheIntegrationTests.createCourse(client)
        let courseID = try await Self.courseID(slug: slug, session: session)
        let transport = Self.transport(subprotocol, session: session)
        let events = StreamCollector(GraphQLClient(transport: transport).subscribe(ReviewAddedSubscription(courseId: courseID)))
        try await Self.eventually { try await session.stats()["subscriptions"]["ReviewAdded"].int == 1 }
        try await Self.addReview(slug: slug, rating: 2, session: session)
        let received = await events.wait(for: 1)
        #expect(received.first?.data?.reviewAdded.fragments.reviewFields.rating == 2)
        #expect(received.first?.data?.reviewAdded.course.slug == slug)
        events.cancel()
        try await Self.eventually { try await session.stats()["clientCompletes"].int == 1 }
        #expect(await transport.statistics.completesSent == 1)
    }

    @Test("a subscription event updates a watch of a query that reads the same record")
    func eventUpdatesWatcher() async throws {
        let session = try await TestClient.make()
        let store = CacheStore(configuration: CacheConfiguration(schema: CourseCatalogAPI.schemaMetadata))
        let (httpClient, _) = try await CacheIntegrationTests.makeClient(store: store)
        let slug = try await CacheIntegrationTests.createCourse(httpClient)
        let courseID = try await Self.courseID(slug: slug, session: session)
        let client = GraphQLClient(transport: SplitTransport(http: httpClient.transport,
                                                             webSocket: Self.transport(.graphqlTransportWS, session: session)),
                                   store: store)
        let watch = StreamCollector(client.watch(CourseDetailQuery(lookup: .slug(slug))))
        let first = await watch.wait(for: 1)
        #expect(first.first?.data?.course?.fragments.courseDetails.fragments.courseCard.rating == nil)

        let events = StreamCollector(client.subscribe(ReviewAddedSubscription(courseId: courseID)))
        try await Self.eventually { try await session.stats()["subscriptions"]["ReviewAdded"].int == 1 }
        // The review is posted by another client: only the subscription event reaches this cache.
        try await Self.addReview(slug: slug, rating: 5, session: session)
        #expect(await events.wait(for: 1).first?.data?.reviewAdded.course.rating == 5)
        let updated = await watch.wait(for: 2)
        #expect(updated.count == 2)
        #expect(updated.last?.source == .cache)
        #expect(updated.last?.data?.course?.fragments.courseDetails.fragments.courseCard.rating == 5)
        events.cancel()
        watch.cancel()
    }

    /// Posts a review with a plain HTTP request (no Graft cache involved).
    static func addReview(slug: String, rating: Int, session: TestClient) async throws {
        let (data, response) = try await session.graphQL(
            "mutation($slug: String!, $rating: Int!) { addReview(course: {slug: $slug}, review: {rating: $rating, body: \"ws\"}) { errors { message } } }",
            variables: ["slug": slug, "rating": rating], headers: ["Authorization": "Bearer websocket-tests"])
        #expect(response.statusCode == 200, "\(String(decoding: data, as: UTF8.self))")
    }

    /// The `id` of the course with `slug`.
    static func courseID(slug: String, session: TestClient) async throws -> String {
        let (data, _) = try await session.graphQL("query($slug: String!) { course(lookup: {slug: $slug}) { id } }", variables: ["slug": slug])
        return try #require(try JSON(data: data)["data"]["course"]["id"].string)
    }

    /// Waits until `condition` holds; fails after ``Polling/bound`` (a bound against hangs, not a
    /// timing check).
    static func eventually(_ condition: () async throws -> Bool) async throws {
        if try await Polling.until(every: .milliseconds(50), condition) { return }
        Issue.record("the condition did not hold within \(Polling.bound)")
    }
}
