import CourseCatalogAPI
import Foundation
import Graft
import GraftTestSupport
import Testing

/// The observable models against the Strawberry server: the first frame from the cache, loading
/// state, fragment models kept current by other operations (and left alone by unrelated or equal
/// writes), and release cancelling the request at the server. Requests that must stay in flight
/// ask the server to hold `Course.rating` (Tests/IntegrationServer/holds.py); the server counts the
/// requests held and the clients that went away meanwhile, so nothing here waits on time.
@Suite("Observable models against Strawberry", .timingSensitive)
@MainActor
struct ObservationIntegrationTests {
    static let held = RequestOptions(headers: ["X-Test-Hold": "rating"])

    static func makeClient() async throws -> (GraphQLClient, TestClient, HTTPHeaders) {
        let session = try await TestClient.make()
        let http = InterceptingHTTPClient(base: HTTPClientKind.default.make(), interceptors: [
            HeaderInjectionInterceptor(["X-Test-Session": session.session]),
        ])
        let client = GraphQLClient(transport: HTTPTransport(url: session.baseURL.appendingPathComponent("graphql"), client: http),
                                   store: CacheStore())
        return (client, session, ["Authorization": "Bearer \(try await session.refreshToken())"])
    }

    /// A draft course of this test's own (parallel tests never share its records); its card is
    /// in the cache afterwards, written by the creating mutation.
    static func createCourse(_ client: GraphQLClient, signedIn: HTTPHeaders) async throws -> String {
        let slug = "observe-\(UUID().uuidString.prefix(8).lowercased())"
        _ = try await client.perform(CreateCourseMutation(input: CreateCourseInput(title: "Observe \(slug)", slug: .some(slug))),
                                     options: RequestOptions(headers: signedIn, throwsOnGraphQLErrors: true))
        return slug
    }

    /// Waits until the server holds `count` requests at `Course.rating` (or saw `count` clients go
    /// away while held, with `disconnects`).
    static func waitForHolds(_ session: TestClient, count: Int, disconnects: Bool = false) async throws {
        let counter = disconnects ? "heldDisconnects" : "heldRequests"
        try await DeduplicationIntegrationTests.waitUntil { try await session.stats()[counter]["rating"].int ?? 0 >= count }
    }

    @Test("a QueryModel of a cached query has its data before the first suspension; networkOnly loads until the server answers")
    func firstFrameFromCache() async throws {
        let (client, session, _) = try await Self.makeClient()
        let query = CourseDetailQuery(lookup: .slug("swift-concurrency"))
        _ = try await client.fetch(query, cachePolicy: .networkOnly)

        // No `await` between creating the model and reading it: the data came synchronously.
        let cached = QueryModel(query, client: client)
        #expect(cached.data?.course?.fragments.courseDetails.fragments.courseCard.slug == "swift-concurrency")
        #expect(cached.source == .cache)
        #expect(cached.isLoading == false)

        let fresh = QueryModel(query, client: client, cachePolicy: .networkOnly, options: Self.held)
        let loading = ObservationProbe { _ = fresh.isLoading }
        #expect(fresh.isLoading)
        #expect(fresh.data == nil)
        // The server holds the request; a load that ended before it got there (a transport error)
        // ends the wait too, and the failure says why instead of waiting out the bound.
        try await DeduplicationIntegrationTests.waitUntil {
            if try await session.stats()["heldRequests"]["rating"].int ?? 0 >= 1 { return true }
            return await MainActor.run { !fresh.isLoading }
        }
        try #require(fresh.isLoading, "the load ended before the server held it: \(String(describing: fresh.error))")
        #expect(fresh.data == nil)
        try await session.post("/test/control", json: ["release": ["rating"]])
        await loading.wait(forChanges: 1)
        #expect(fresh.isLoading == false)
        #expect(fresh.source == .server)
        #expect(fresh.data?.course?.fragments.courseDetails.fragments.courseCard.slug == "swift-concurrency")
        #expect(fresh.error == nil)
    }

    @Test("a FragmentModel follows its course through another operation's mutation, and only its course")
    func fragmentModelPrecision() async throws {
        let (client, _, signedIn) = try await Self.makeClient()
        let store = try #require(client.store)
        let mine = try await Self.createCourse(client, signedIn: signedIn)
        let other = try await Self.createCourse(client, signedIn: signedIn)

        let model = FragmentModel(CourseCard.self, at: CacheKey("Course:\(mine)"), client: client)
        #expect(model.data?.slug == mine)
        #expect(model.data?.rating == nil)
        let probe = ObservationProbe { _ = model.data }
        try await DeduplicationIntegrationTests.waitUntil { await store.watcherCount == 1 }
        let refreshes = await store.watcherRefreshCount

        // Another course changes: the model's watcher is not even re-read, so nothing can follow.
        _ = try await client.perform(AddReviewMutation(course: .slug(other), review: ReviewInput(rating: 2)),
                                     options: RequestOptions(headers: signedIn, throwsOnGraphQLErrors: true))
        // The same course written again with equal values (a larger query that includes the card).
        _ = try await client.fetch(CourseDetailQuery(lookup: .slug(mine)), cachePolicy: .networkOnly)
        #expect(await store.watcherRefreshCount == refreshes)
        #expect(probe.changes == 0)

        _ = try await client.perform(AddReviewMutation(course: .slug(mine), review: ReviewInput(rating: 4)),
                                     options: RequestOptions(headers: signedIn, throwsOnGraphQLErrors: true))
        await probe.wait(forChanges: 1)
        #expect(model.data?.rating == 4)
        #expect(model.data?.slug == mine)
        #expect(await store.watcherRefreshCount == refreshes + 1)
    }

    @Test("releasing a QueryModel with its request in flight cancels it at the server and frees the model")
    func releaseCancels() async throws {
        let (client, session, _) = try await Self.makeClient()
        var model: QueryModel<CourseDetailQuery>? =
            QueryModel(CourseDetailQuery(lookup: .slug("swift-concurrency")), client: client, cachePolicy: .networkOnly,
                       options: Self.held)
        weak let released = model
        #expect(model?.isLoading == true)
        try await Self.waitForHolds(session, count: 1)

        model = nil
        #expect(released == nil)
        try await Self.waitForHolds(session, count: 1, disconnects: true)
        #expect(try await session.stats()["heldDisconnects"]["rating"].int == 1)
        try await session.post("/test/control", json: ["release": ["rating"]])
    }
}
