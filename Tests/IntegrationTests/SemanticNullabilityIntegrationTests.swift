import Foundation
import Graft
import GraftTestSupport
import SemanticNullabilityAPI
import Testing

/// `@semanticNonNull` and `@catch` against the example server, whose `Course.certificateTerms`
/// always resolves to null with an error; the client's schema (golden SemanticNullabilityAPI)
/// marks the field `@semanticNonNull`.
@Suite("Semantic nullability", .timingSensitive)
struct SemanticNullabilityIntegrationTests {
    static let slug = "swift-concurrency"

    @Test("a semantically non-null field with an error reads as its error, from the server and from the cache")
    func throwsOnRead() async throws {
        let store = CacheStore()
        let (client, _) = try await CacheIntegrationTests.makeClient(store: store)
        let network = try await client.fetch(CourseCertificateQuery(slug: Self.slug), cachePolicy: .networkOnly)
        #expect(network.source == .server)
        let course = try #require(network.data?.course)
        // The other fields are intact.
        #expect(course.slug == Self.slug)
        #expect(course.title == "Swift Concurrency in Practice")
        // Non-optional: a String, or the field's error.
        let terms: () throws(GraphQLFieldError) -> String = { try course.certificateTerms }
        var networkError: GraphQLFieldError?
        do { _ = try terms() } catch { networkError = error }
        let error = try #require(networkError)
        #expect(error.error.message == "the certificate service is unavailable for \(Self.slug)")
        #expect(error.path?.description == "course.certificateTerms")
        #expect(network.errors.count == 1)

        let cached = try await client.fetch(CourseCertificateQuery(slug: Self.slug), cachePolicy: .cacheOnly)
        #expect(cached.source == .cache)
        #expect(cached.data?.course?.title == course.title)
        var cachedError: GraphQLFieldError?
        do { _ = try cached.data?.course?.certificateTerms } catch { cachedError = error }
        #expect(cachedError == error)
        #expect(cached.errors == network.errors)
    }

    @Test("@catch: the field decodes as a failure and the rest as data")
    func caught() async throws {
        let (client, _) = try await CacheIntegrationTests.makeClient(store: CacheStore())
        let response = try await client.fetch(CourseCertificateCaughtQuery(slug: Self.slug), cachePolicy: .networkOnly)
        let course = try #require(response.data?.course)
        #expect(course.slug == Self.slug && course.title == "Swift Concurrency in Practice")
        guard case .failure(let error) = course.certificateTerms else {
            Issue.record("expected a failure, got \(course.certificateTerms)")
            return
        }
        #expect(error.path?.description == "course.certificateTerms")
        #expect(error.error.message.contains("certificate service is unavailable"))
    }
}
