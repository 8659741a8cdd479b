import CourseCatalogAPI
import Foundation
import Graft
import GraftTestSupport
import Testing

/// ``HTTPTransport``'s batching against Strawberry with batching enabled (Tests/IntegrationServer/
/// schema.py): the server counts HTTP requests and each operation of a batch.
@Suite("Batching against Strawberry", .timingSensitive)
struct BatchingIntegrationTests {
    static func client(_ session: TestClient, batching: BatchingPolicy?) -> GraphQLClient {
        let http = InterceptingHTTPClient(base: HTTPClientKind.default.make(), interceptors: [
            HeaderInjectionInterceptor(["X-Test-Session": session.session]),
        ])
        return GraphQLClient(transport: HTTPTransport(url: session.baseURL.appendingPathComponent("graphql"), client: http,
                                                      batching: batching))
    }

    /// Ten pages of one course's reviews, the fourth asking for an invalid page size (an error for it alone).
    static func queries() -> [CourseDetailQuery] {
        (0..<10).map { CourseDetailQuery(lookup: .slug("swift-concurrency"), reviewCount: .some($0 == 3 ? -1 : $0 + 1)) }
    }

    @Test("10 queries issued together with batching on: 1 HTTP request carrying 10 operations, each caller its own data and errors")
    func tenQueriesOneRequest() async throws {
        let session = try await TestClient.make()
        // Sent when the tenth joins: an hour's delay never passes.
        let client = Self.client(session, batching: BatchingPolicy(maxOperations: 10, maxDelay: .seconds(3600)))
        let fetches = Self.queries().map { query in Task { try await client.fetch(query, options: RequestOptions(deduplicates: false)) } }
        for (index, fetch) in fetches.enumerated() {
            let response = try await fetch.value
            if index == 3 {
                // The non-null reviews list failed, so the course is null.
                #expect(response.data != nil && response.data?.course == nil)
                #expect(response.errors.map { $0.message } == ["`first` must be between 0 and 100."])
                #expect(response.errors.first?.path?.description == "course.reviews")
            } else {
                #expect(response.errors.isEmpty)
                #expect(response.data?.course?.fragments.courseDetails.fragments.courseCard.slug == "swift-concurrency")
                #expect((response.data?.course?.reviews?.count ?? 0) <= index + 1)
            }
        }
        let stats = try await session.stats()
        #expect(stats["paths"]["/graphql"].int == 1)
        #expect(stats["operations"]["(batch)"].int == 1)
        #expect(stats["operations"]["CourseDetail"].int == 10)
    }

    @Test("with batching off, the same 10 queries make 10 requests")
    func tenQueriesTenRequests() async throws {
        let session = try await TestClient.make()
        let client = Self.client(session, batching: nil)
        let fetches = Self.queries().map { query in Task { try await client.fetch(query, options: RequestOptions(deduplicates: false)) } }
        for (index, fetch) in fetches.enumerated() {
            #expect(try await fetch.value.errors.isEmpty == (index != 3))
        }
        let stats = try await session.stats()
        #expect(stats["paths"]["/graphql"].int == 10)
        #expect(stats["operations"]["CourseDetail"].int == 10)
    }
}
