import APICore
import CatalogKit
import Foundation
import GraftTestSupport
import ReviewsKit
import Testing

/// Examples/ModularApp against the server: the networking core built once (token refresh on the
/// server's 401, one store normalized by the schema module's metadata) serves both feature kits.
@Suite("Modular example app", .timingSensitive)
struct ModularAppIntegrationTests {
    /// The app's core for a session of its own, whose server demands a token only `/test/refresh` issues.
    static func environment(_ session: TestClient) async throws -> APIEnvironment {
        try await session.post("/test/control", json: ["requireAuth": true])
        var configuration = APIConfiguration(baseURL: session.baseURL, accessToken: "saved-before",
                                             headers: ["X-Test-Session": session.session])
        configuration.timeout = Polling.bound  // bounds a hang only: a loaded machine is slow, not wrong
        return APIEnvironment(configuration: configuration)
    }

    @Test("a CatalogKit watcher updates when a ReviewsKit mutation changes the same course")
    func watcherAcrossFeatures() async throws {
        let (client, session) = try await CacheIntegrationTests.makeClient(store: .init())
        let slug = try await CacheIntegrationTests.createCourse(client)
        let environment = try await Self.environment(session)

        var updates = CatalogFeature(environment: environment).watchCourse(slug: slug).makeAsyncIterator()
        let first = try #require(try await updates.next() ?? nil)
        #expect(first.overview.slug == slug && first.overview.rating == nil)
        let before = try await session.stats()
        #expect(before["refreshes"].int == 1)

        let posted = try await ReviewsFeature(environment: environment).postReview(courseSlug: slug, rating: 4, body: "Clear.")
        #expect(posted.course.slug == slug && posted.course.rating == 4)
        #expect(posted.review.rating == 4)
        let second = try #require(try await updates.next() ?? nil)
        #expect(second.overview.rating == 4)
        #expect(second.lessonCount == first.lessonCount)
        // The watcher read the new rating from the shared store: no second CatalogCourse request.
        let after = try await session.stats()
        #expect(after["operations"]["CatalogCourse"].int == before["operations"]["CatalogCourse"].int)
        #expect(after["operations"]["PostReview"].int == 1)
        #expect(after["refreshes"].int == 1)
    }

    @Test("the demo app runs both features against the server")
    func demoRuns() async throws {
        let (client, session) = try await CacheIntegrationTests.makeClient(store: .init())
        let slug = try await CacheIntegrationTests.createCourse(client)
        let result = try await GraftExecutable.run([session.baseURL.absoluteString, slug], executable: "ModularAppDemo")
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("watching \(slug): rating none\n"))
        #expect(result.standardOutput.contains("posted a review from ReviewsKit: 5 stars\n"))
        #expect(result.standardOutput.hasSuffix("the CatalogKit watcher now says: rating 5.0\n"))
    }

    @Test("with persisted queries on, both features' queries go by hash, each registered once")
    func persistedQueries() async throws {
        let session = try await TestClient.make()
        var configuration = APIConfiguration(baseURL: session.baseURL, accessToken: "modular",
                                             headers: ["X-Test-Session": session.session])
        configuration.persistsQueries = true
        configuration.timeout = Polling.bound
        let environment = APIEnvironment(configuration: configuration)
        let catalog = CatalogFeature(environment: environment)
        let courses = try await catalog.courses(first: 2)
        #expect(courses.count == 2)
        // Slugs only: other tests may review these published courses meanwhile.
        #expect(try await catalog.courses(first: 2).map(\.slug) == courses.map(\.slug))
        let slug = try #require(courses.first?.slug)
        #expect(try await ReviewsFeature(environment: environment).reviews(courseSlug: slug)?.course.slug == slug)
        let stats = try await session.stats()["persistedQueries"]
        #expect(stats["misses"].int == 2)
        #expect(stats["registrations"].int == 2)
        #expect(stats["hits"].int == 1)
    }
}
