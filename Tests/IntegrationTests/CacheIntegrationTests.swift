import Foundation
import GraftTestSupport
import Testing
@testable import Graft
import GraftSQLite

/// The normalized cache against the real Strawberry server: policies, watchers updated by
/// mutations, optimistic updates and the SQLite store.
@Suite("Normalized cache against the server", .timingSensitive)
struct CacheIntegrationTests {
    /// A client with a store, whose requests carry a fresh test session and a bearer token.
    static func makeClient(store: CacheStore, onCacheError: @escaping GraphQLClient.CacheErrorHandler = GraphQLClient.logCacheError)
        async throws -> (GraphQLClient, TestClient) {
        let session = try await TestClient.make()
        let http = InterceptingHTTPClient(base: HTTPClientKind.default.make(), interceptors: [
            HeaderInjectionInterceptor(["X-Test-Session": session.session, "Authorization": "Bearer cache-tests"]),
        ])
        let url = session.baseURL.appendingPathComponent("graphql")
        return (GraphQLClient(transport: HTTPTransport(url: url, client: http), store: store, onCacheError: onCacheError), session)
    }

    static func newSlug() -> String { "cache-\(UUID().uuidString.prefix(8).lowercased())" }

    /// A draft course of our own, so that parallel tests don't share records.
    static func createCourse(_ client: GraphQLClient) async throws -> String {
        let slug = newSlug()
        let created = try await client.perform(Catalog.CreateCourseMutation(title: "Cache \(slug)", slug: slug),
                                               options: RequestOptions(throwsOnGraphQLErrors: true))
        #expect(created.data?.createCourse.slug == slug)
        return slug
    }

    @Test("a mutation's result updates a watcher of another query sharing the record; an unrelated one doesn't")
    func mutationUpdatesWatcher() async throws {
        let store = CacheStore(configuration: CacheConfiguration(schema: Catalog.schema))
        let (client, session) = try await Self.makeClient(store: store)
        let slug = try await Self.createCourse(client)
        let other = try await Self.createCourse(client)
        let watch = StreamCollector(client.watch(Catalog.CourseQuery(slug: slug)))
        let first = await watch.wait(for: 1)
        // The course was already cached by the creating mutation (Course:<slug>), but not the
        // query's root field, so the watcher asked the server.
        #expect(first.first?.data?.course?.rating == nil)
        #expect(first.first?.data?.course?.reviews.isEmpty == true)

        let refreshesBefore = await store.watcherRefreshCount
        _ = try await client.perform(Catalog.AddReviewMutation(slug: other, rating: 1))
        #expect(await watch.settle().count == 1)
        #expect(await store.watcherRefreshCount == refreshesBefore)

        _ = try await client.perform(Catalog.AddReviewMutation(slug: slug, rating: 4))
        let updated = await watch.wait(for: 2)
        #expect(updated.count == 2)
        #expect(updated.last?.source == .cache)
        #expect(updated.last?.data?.course?.rating == 4)
        #expect(updated.last?.data?.course?.reviews.map(\.rating) == [4])
        #expect(try await store.record(for: CacheKey("Course:\(slug)")) != nil)
        watch.cancel()
        let stats = try await session.stats()
        #expect(stats["operations"]["CourseBySlug"].int == 1)
    }

    @Test("cacheFirst answers the second fetch without asking the server")
    func cacheFirstSavesARequest() async throws {
        let store = CacheStore(configuration: CacheConfiguration(schema: Catalog.schema))
        let (client, session) = try await Self.makeClient(store: store)
        let first = try await client.fetch(Catalog.CourseQuery(slug: "swift-concurrency"))
        let second = try await client.fetch(Catalog.CourseQuery(slug: "swift-concurrency"))
        #expect(first.source == .server && second.source == .cache)
        #expect(second.data == first.data)
        #expect(try await session.stats()["operations"]["CourseBySlug"].int == 1)
        let network = try await client.fetch(Catalog.CourseQuery(slug: "swift-concurrency"), cachePolicy: .networkOnly)
        #expect(network.source == .server)
        #expect(try await session.stats()["operations"]["CourseBySlug"].int == 2)
    }

    @Test("a failed optimistic mutation rolls back and notifies the watcher")
    func optimisticRollback() async throws {
        let store = CacheStore(configuration: CacheConfiguration(schema: Catalog.schema))
        let (client, _) = try await Self.makeClient(store: store)
        let slug = try await Self.createCourse(client)
        let watch = StreamCollector(client.watch(Catalog.CourseQuery(slug: slug)))
        await watch.wait(for: 1)
        let optimistic = try Catalog.AddReviewMutation.Data(ObjectData(["addReview": ["__typename": "AddReviewPayload", "course": [
            "__typename": "Course", "slug": .string(slug), "title": .string("Cache \(slug)"), "rating": 5.0,
            "reviews": [["__typename": "Review", "id": "optimistic", "rating": 5]],
        ]]]))
        // The server fails the mutation with a 503.
        let options = RequestOptions(headers: ["X-Test-Fail": "503"])
        await #expect(throws: GraftError.self) {
            try await client.perform(Catalog.AddReviewMutation(slug: slug, rating: 5), optimisticResponse: optimistic, options: options)
        }
        let emissions = await watch.wait(for: 3)
        #expect(emissions.count == 3)
        #expect(emissions.dropFirst().first?.data?.course?.rating == 5)
        #expect(emissions.last?.data?.course?.rating == nil)
        #expect(emissions.last?.data?.course?.reviews.isEmpty == true)
        #expect(await store.optimisticLayerCount == 0)
        watch.cancel()
    }

    @Test("the SQLite store keeps server data across launches")
    func sqlitePersistence() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("graft-it-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cache.sqlite").path
        let configuration = CacheConfiguration(schema: Catalog.schema)
        let fetched: Catalog.CourseQuery.Data?
        do {
            let (client, _) = try await Self.makeClient(store: CacheStore(storage: try SQLiteRecordStorage(path: path),
                                                                          configuration: configuration))
            fetched = try await client.fetch(Catalog.CourseQuery(slug: "graphql-from-scratch")).data
        }
        let (relaunched, session) = try await Self.makeClient(store: CacheStore(storage: try SQLiteRecordStorage(path: path),
                                                                                configuration: configuration))
        let cached = try await relaunched.fetch(Catalog.CourseQuery(slug: "graphql-from-scratch"), cachePolicy: .cacheOnly)
        #expect(cached.source == .cache)
        #expect(cached.data == fetched && fetched?.course?.title == "GraphQL from Scratch")
        #expect(try await session.stats()["total"].int ?? 0 == 0)
    }
}
