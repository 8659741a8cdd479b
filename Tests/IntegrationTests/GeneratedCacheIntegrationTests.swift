import CourseCatalogAPI
import Foundation
import Graft
import GraftTestSupport
import Testing

/// The normalized cache with the generated CourseCatalog models (golden code of `graft generate`)
/// and their generated `SchemaMetadata`, against the server.
@Suite("Normalized cache with generated models", .timingSensitive)
struct GeneratedCacheIntegrationTests {
    @Test("a generated mutation's result updates a watcher of a generated query")
    func generatedWatcher() async throws {
        let store = CacheStore(configuration: CacheConfiguration(schema: CourseCatalogAPI.schemaMetadata))
        let (client, _) = try await CacheIntegrationTests.makeClient(store: store)
        let slug = try await CacheIntegrationTests.createCourse(client)
        let query = CourseDetailQuery(lookup: .slug(slug))
        let watch = StreamCollector(client.watch(query))
        let first = await watch.wait(for: 1)
        let course = try #require(first.first?.data?.course)
        #expect(course.fragments.courseDetails.fragments.courseCard.rating == nil)
        // Fragments, aliases (`topReview: reviews(first: 1)`) and conditions read back as the server sent them.
        let cached = try await client.fetch(query, cachePolicy: .cacheOnly)
        #expect(cached.source == .cache && cached.data == first.first?.data)
        #expect(try await store.record(for: CacheKey("Course:\(slug)"))?[#"reviews({"first":1})"#] == .list([]))

        _ = try await client.perform(AddReviewMutation(course: .slug(slug), review: ReviewInput(rating: 3)))
        let updated = await watch.wait(for: 2)
        #expect(updated.count == 2)
        #expect(updated.last?.data?.course?.fragments.courseDetails.fragments.courseCard.rating == 3)
        watch.cancel()
    }
}
