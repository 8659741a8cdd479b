import CourseCatalogAPI
import Foundation
import Graft
import GraftTesting
import GraftTestSupport
import Testing

/// Subscriptions over plain HTTP against Strawberry: the multipart subscription protocol and
/// GraphQL over SSE, through the interceptor stack (authentication, header injection, logging),
/// each test with both HTTP clients (URLSession and libcurl).
@Suite("Subscriptions over HTTP against Strawberry", .timingSensitive)
struct HTTPSubscriptionIntegrationTests {
    static let token = "http-subscription-token-5f2c"

    static let protocols: [HTTPSubscriptionProtocol] = [.multipart, .serverSentEvents]

    /// A client whose subscriptions go over `subscriptionProtocol`, in `session`'s test session,
    /// with a bearer token and a logger recording into `log`.
    static func client(_ subscriptionProtocol: HTTPSubscriptionProtocol, session: TestClient, log: RecordingLogSink,
                       kind: HTTPClientKind) -> GraphQLClient {
        let http = InterceptingHTTPClient(base: kind.make(), interceptors: [
            HeaderInjectionInterceptor(["X-Test-Session": session.session]),
            AuthenticationInterceptor { token },
            LoggingInterceptor(sink: log),
        ])
        return GraphQLClient(transport: HTTPTransport(url: session.baseURL.appendingPathComponent("graphql"), client: http,
                                                      subscriptionProtocol: subscriptionProtocol))
    }

    @Test("a subscription receives the server's events typed, then completes", arguments: protocols, HTTPClientKind.allCases)
    func lessonProgress(subscriptionProtocol: HTTPSubscriptionProtocol, kind: HTTPClientKind) async throws {
        let session = try await TestClient.make()
        let log = RecordingLogSink()
        let client = Self.client(subscriptionProtocol, session: session, log: log, kind: kind)
        var events: [GraphQLResponse<LessonProgressSubscription.Data>] = []
        for try await event in client.subscribe(LessonProgressSubscription(lessonId: "lesson-3", steps: 3)) {
            events.append(event)
        }
        #expect(events.map(\.data?.lessonProgress.progress) == [0.3333, 0.6667, 1.0])
        #expect(events.map(\.data?.lessonProgress.completed) == [false, false, true])
        #expect(events.allSatisfy { $0.data?.lessonProgress.lesson.id == "lesson-3" && $0.errors.isEmpty })
        // One POST, logged as streaming, its body's end logged too, and the token never logged.
        // (The client stops reading at the end of the stream, so the body may also be closed by it.)
        try await StrawberryWebSocketTests.eventually { log.lines.contains { $0.contains("body ended") || $0.contains("body closed") } }
        let lines = log.lines
        #expect(lines.filter { $0.contains("-> #") }.count == 1)
        #expect(lines.contains { $0.contains("<- #") && $0.contains("200") && $0.contains("(streaming)") })
        #expect(!lines.contains { $0.contains("!!") })
        #expect(!log.text.contains(Self.token))
    }

    @Test("a subscription error before the stream starts arrives as the response's errors", arguments: protocols, HTTPClientKind.allCases)
    func unknownLesson(subscriptionProtocol: HTTPSubscriptionProtocol, kind: HTTPClientKind) async throws {
        let session = try await TestClient.make()
        let client = Self.client(subscriptionProtocol, session: session, log: RecordingLogSink(), kind: kind)
        var events: [GraphQLResponse<LessonProgressSubscription.Data>] = []
        for try await event in client.subscribe(LessonProgressSubscription(lessonId: "no-such-lesson", steps: 2)) {
            events.append(event)
        }
        #expect(events.count == 1)
        #expect(events.first?.errors.first?.message.contains("No lesson with id") == true)
    }

    @Test("cancelling the consuming task closes the connection: the server's subscription ends", arguments: protocols, HTTPClientKind.allCases)
    func cancelCloses(subscriptionProtocol: HTTPSubscriptionProtocol, kind: HTTPClientKind) async throws {
        let session = try await TestClient.make()
        let (httpClient, _) = try await CacheIntegrationTests.makeClient(store: CacheStore())
        let slug = try await CacheIntegrationTests.createCourse(httpClient)
        let courseID = try await StrawberryWebSocketTests.courseID(slug: slug, session: session)
        let client = Self.client(subscriptionProtocol, session: session, log: RecordingLogSink(), kind: kind)
        let events = StreamCollector(client.subscribe(ReviewAddedSubscription(courseId: courseID)))
        try await StrawberryWebSocketTests.eventually { try await Self.subscribers(courseID, session: session) == 1 }
        try await StrawberryWebSocketTests.addReview(slug: slug, rating: 4, session: session)
        let received = await events.wait(for: 1)
        #expect(received.first?.data?.reviewAdded.fragments.reviewFields.rating == 4)
        #expect(received.first?.data?.reviewAdded.course.slug == slug)
        events.cancel()
        try await StrawberryWebSocketTests.eventually { try await Self.subscribers(courseID, session: session) == 0 }
        #expect(try await Self.subscribers(courseID, session: session) == 0)
    }

    /// How many `reviewAdded` subscriptions of the course the server has open.
    static func subscribers(_ courseID: String, session: TestClient) async throws -> Int {
        let (data, _) = try await session.send(session.request("/test/subscribers?courseId=\(courseID)"))
        return try #require(try JSON(data: data)["reviewAdded"].int)
    }
}
