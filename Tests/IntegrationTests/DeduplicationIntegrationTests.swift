import CourseCatalogAPI
import Foundation
@testable import Graft
import GraftTestSupport
import Testing

/// Identical queries in flight share one request, counted at the Strawberry server. Every request
/// asks the server to hold `Course.rating` (Tests/IntegrationServer/holds.py) until the test
/// releases it, so all callers are known to be waiting before the one answer comes, without
/// relying on timing.
@Suite("In-flight deduplication against Strawberry", .timingSensitive)
struct DeduplicationIntegrationTests {
    static let held = RequestOptions(headers: ["X-Test-Hold": "rating"])

    static func client(_ session: TestClient) -> GraphQLClient {
        let http = InterceptingHTTPClient(base: HTTPClientKind.default.make(), interceptors: [
            HeaderInjectionInterceptor(["X-Test-Session": session.session]),
        ])
        return GraphQLClient(transport: HTTPTransport(url: session.baseURL.appendingPathComponent("graphql"), client: http))
    }

    @Test("20 concurrent fetches of one query: 1 request at the server, 20 results")
    func twentyFetchesOneRequest() async throws {
        let session = try await TestClient.make()
        let client = Self.client(session)
        let query = CourseDetailQuery(lookup: .slug("swift-concurrency"))
        let fetches = (0..<20).map { _ in Task { try await client.fetch(query, options: Self.held) } }
        try await Self.waitUntil { client.inFlight.callerCount == 20 }
        try await Self.waitForServer(session, operation: "CourseDetail", count: 1)

        try await session.post("/test/control", json: ["release": ["rating"]])
        for fetch in fetches {
            #expect(try await fetch.value.data?.course?.fragments.courseDetails.fragments.courseCard.slug == "swift-concurrency")
        }
        #expect(try await session.stats()["operations"]["CourseDetail"].int == 1)
    }

    @Test("cancelling 19 of 20 callers leaves the request running for the last one")
    func cancellingNineteen() async throws {
        let session = try await TestClient.make()
        let client = Self.client(session)
        let query = CourseDetailQuery(lookup: .slug("swift-concurrency"))
        let fetches = (0..<20).map { _ in Task { try await client.fetch(query, options: Self.held) } }
        try await Self.waitUntil { client.inFlight.callerCount == 20 }
        try await Self.waitForServer(session, operation: "CourseDetail", count: 1)

        for fetch in fetches.dropLast() { fetch.cancel() }
        for fetch in fetches.dropLast() {
            let error = await #expect(throws: GraftError.self) { try await fetch.value }
            #expect(error?.code == .cancelled)
        }
        try await session.post("/test/control", json: ["release": ["rating"]])
        let last = try await fetches.last!.value
        #expect(last.data?.course?.fragments.courseDetails.fragments.courseCard.slug == "swift-concurrency")
        #expect(try await session.stats()["operations"]["CourseDetail"].int == 1)
    }

    @Test("a mutation sent twice at once makes two requests")
    func mutationsTwice() async throws {
        let session = try await TestClient.make()
        let client = Self.client(session)
        let slug = "dedup-\(UUID().uuidString.prefix(8).lowercased())"
        let signedIn: HTTPHeaders = ["Authorization": "Bearer \(try await session.refreshToken())"]
        _ = try await client.perform(CreateCourseMutation(input: CreateCourseInput(title: "Dedup", slug: .some(slug))),
                                     options: RequestOptions(headers: signedIn, throwsOnGraphQLErrors: true))
        let mutation = AddReviewMutation(course: .slug(slug), review: ReviewInput(rating: 5))
        let sends = (0..<2).map { _ in Task { try await client.perform(mutation, options: Self.held) } }
        // Both are held at the server at once: neither could have waited for the other.
        try await Self.waitForServer(session, operation: "AddReview", count: 2)
        try await session.post("/test/control", json: ["release": ["rating"]])
        for send in sends { #expect(try await send.value.data?.addReview.course?.slug == slug) }
        #expect(try await session.stats()["operations"]["AddReview"].int == 2)
    }

    /// Waits until `condition` holds; fails after five minutes, a bound on a hang only.
    static func waitUntil(_ condition: @Sendable () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(300)
        while try await !condition() {
            guard ContinuousClock.now < deadline else { throw CancellationError() }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Waits until the server has received `count` requests for `operation`.
    static func waitForServer(_ session: TestClient, operation: String, count: Int) async throws {
        try await waitUntil { try await session.stats()["operations"][operation].int ?? 0 >= count }
    }
}
