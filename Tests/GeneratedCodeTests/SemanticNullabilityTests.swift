import Graft
import GraftTesting
import SemanticNullabilityAPI
import Testing

/// `@semanticNonNull` and `@catch` through the generated models (golden SemanticNullabilityAPI):
/// a field null with an error reads as its typed error, the rest of the response as data; the
/// normalized cache gives the same error back; models built in code hold errors too.
@Suite struct SemanticNullabilityTests {
    static func body(_ course: String, errors: String) throws -> JSONValue {
        try JSONParser.parse(#"{"data": {"course": \#(course)}, "errors": \#(errors)}"#)
    }

    static let failedTerms = try! body(#"{"__typename": "Course", "slug": "swift", "title": "Swift", "certificateTerms": null}"#,
                                       errors: #"[{"message": "the certificate service is unavailable", "path": ["course", "certificateTerms"]}]"#)

    static func client(answering json: JSONValue, store: CacheStore? = CacheStore()) -> (GraphQLClient, MockTransport) {
        let transport = MockTransport()
        transport.respondToOthers { _ in GraphQLResponseBody(json: json)! }
        return (GraphQLClient(transport: transport, store: store), transport)
    }

    @Test func readingAFailedFieldThrowsItsErrorWithItsPath() async throws {
        let (client, _) = Self.client(answering: Self.failedTerms)
        let response = try await client.fetch(CourseCertificateQuery(slug: "swift"), cachePolicy: .networkOnly)
        let course = try #require(response.data?.course)
        #expect(course.slug == "swift" && course.title == "Swift")
        #expect(throws: GraphQLFieldError.self) { _ = try course.certificateTerms }
        do {
            _ = try course.certificateTerms
        } catch {
            #expect(error.error.message == "the certificate service is unavailable")
            #expect(error.path?.description == "course.certificateTerms")
            #expect(error.errors.count == 1)
        }
        #expect(response.errors.count == 1)
    }

    @Test func aValueReadsAsTheValue() throws {
        let data = try CourseCertificateQuery.Data.decode(data: try JSONParser.parse(
            #"{"course": {"__typename": "Course", "slug": "swift", "title": "Swift", "certificateTerms": "Pass every quiz."}}"#))
        #expect(try data.course?.certificateTerms == "Pass every quiz.")
    }

    /// Null without an error breaks the schema's promise: a decoding error naming the field.
    @Test func nullWithoutAnErrorIsADecodingError() throws {
        #expect { _ = try CourseCertificateQuery.Data.decode(data: try JSONParser.parse(
            #"{"course": {"__typename": "Course", "slug": "swift", "title": "Swift", "certificateTerms": null}}"#))
        } throws: { error in
            (error as? ResponseDecodingError)?.description == "data.course.certificateTerms: expected String, found null"
        }
    }

    @Test func aCaughtFieldIsAFailureAndTheRestData() async throws {
        let (client, _) = Self.client(answering: Self.failedTerms)
        let course = try #require(try await client.fetch(CourseCertificateCaughtQuery(slug: "swift"), cachePolicy: .networkOnly).data?.course)
        #expect(course.title == "Swift")
        #expect(course.certificateTerms.value == nil)
        #expect(course.certificateTerms.error?.path?.description == "course.certificateTerms")
    }

    @Test func catchToNullGivesNilAndAResultOfANullableFieldTellsNullFromError() async throws {
        let json = try Self.body(#"{"__typename": "Course", "slug": "swift", "certificateTerms": null, "summary": null}"#,
                                 errors: #"[{"message": "down", "path": ["course", "certificateTerms"]}]"#)
        let (client, _) = Self.client(answering: json)
        let course = try #require(try await client.fetch(CourseCertificateOrNilQuery(slug: "swift"), cachePolicy: .networkOnly).data?.course)
        #expect(course.certificateTerms == nil)
        // A true null: a success holding nil.
        #expect(course.summary == .success(nil))
    }

    @Test func aFragmentsThrowingFieldIsForwarded() async throws {
        let (client, _) = Self.client(answering: Self.failedTerms)
        let course = try #require(try await client.fetch(CourseTermsFragmentQuery(slug: "swift"), cachePolicy: .networkOnly).data?.course)
        #expect(course.slug == "swift")
        #expect(throws: GraphQLFieldError.self) { _ = try course.certificateTerms }
        #expect(throws: GraphQLFieldError.self) { _ = try course.fragments.certificateTerms.certificateTerms }
    }

    /// A failed list item fails the list (`levels: [0, 1]`); a non-null field's error that nulled
    /// its semantically non-null parent fails the parent (the error's path goes below it).
    @Test func listItemsAndPropagatedErrors() throws {
        let json = try Self.body(#"""
            {"__typename": "Course", "slug": "swift",
             "reviewers": [{"__typename": "Reviewer", "name": null, "handle": "ada"}, null],
             "mentor": null}
            """#, errors: #"""
            [{"message": "no name", "path": ["course", "reviewers", 0, "name"]},
             {"message": "gone", "path": ["course", "reviewers", 1]},
             {"message": "no handle", "path": ["course", "mentor", "handle"]}]
            """#)
        let body = try #require(GraphQLResponseBody(json: json))
        let data = try CourseReviewersQuery.Data.decode(data: try #require(body.data), errors: body.errors)
        let course = try #require(data.course)
        do {
            _ = try course.reviewers
            Issue.record("a failed item fails the list")
        } catch {
            #expect(error.errors.map(\.message) == ["gone"])
            #expect(error.path?.description == "course.reviewers[1]")
        }
        #expect(course.mentor.error?.error.message == "no handle")
        #expect(course.mentor.error?.path?.description == "course.mentor.handle")
    }

    @Test func aCachedReadGivesTheSameError() async throws {
        let (client, transport) = Self.client(answering: Self.failedTerms)
        let network = try await client.fetch(CourseCertificateQuery(slug: "swift"), cachePolicy: .networkOnly)
        let cached = try await client.fetch(CourseCertificateQuery(slug: "swift"), cachePolicy: .cacheOnly)
        #expect(cached.source == .cache)
        #expect(transport.requests.count == 1)
        #expect(cached.data?.course?.title == "Swift")
        var networkError: GraphQLFieldError?
        var cachedError: GraphQLFieldError?
        do { _ = try network.data?.course?.certificateTerms } catch { networkError = error }
        do { _ = try cached.data?.course?.certificateTerms } catch { cachedError = error }
        #expect(cachedError != nil)
        #expect(cachedError == networkError)
        #expect(cached.errors == network.errors)
        // Another operation reading the same record catches it.
        let caught = try await client.fetch(CourseCertificateCaughtQuery(slug: "swift"), cachePolicy: .cacheOnly)
        #expect(caught.data?.course?.certificateTerms.error == cachedError)
    }

    /// An error that explains no null (no path) keeps the response out of the cache, as before.
    @Test func anErrorWithoutAPathIsNotCached() async throws {
        let json = try JSONParser.parse(#"""
            {"data": {"course": {"__typename": "Course", "slug": "swift", "title": "Swift", "certificateTerms": "Terms"}},
             "errors": [{"message": "partial"}]}
            """#)
        let store = CacheStore()
        let (client, _) = Self.client(answering: json, store: store)
        _ = try await client.fetch(CourseCertificateQuery(slug: "swift"), cachePolicy: .networkOnly)
        #expect(try await store.recordCount() == 0)
    }

    /// The schema module's `onError` is sent with its operations, and only with them.
    @Test func requestsCarryTheSchemasOnError() async throws {
        let (client, transport) = Self.client(answering: Self.failedTerms)
        _ = try await client.fetch(CourseCertificateQuery(slug: "swift"), cachePolicy: .networkOnly)
        let request = try #require(transport.requests.first)
        #expect(request.onError == "NULL")
        #expect(request.body(includingQuery: true).objectValue?["onError"] == .string("NULL"))
        #expect(GraphQLRequest(CourseCertificateQuery(slug: "swift")).onError == SemanticNullabilityAPI.schemaMetadata.onError)
    }

    /// With `onError: "NULL"` a server leaves a failed non-null field null in place; decoding
    /// propagates it as the server would have: the enclosing optional reads nil, the enclosing
    /// field with error handling reads the error.
    @Test func nullsLeftInPlaceArePropagatedByDecoding() throws {
        let course = try Self.body(#"""
            {"__typename": "Course", "slug": "swift", "title": null, "certificateTerms": "Terms",
             "reviewers": [{"__typename": "Reviewer", "name": "Ada", "handle": null}],
             "mentor": {"__typename": "Reviewer", "name": "Grace", "handle": null}}
            """#, errors: #"""
            [{"message": "no title", "path": ["course", "title"]},
             {"message": "no handle", "path": ["course", "reviewers", 0, "handle"]},
             {"message": "no mentor handle", "path": ["course", "mentor", "handle"]}]
            """#)
        let body = try #require(GraphQLResponseBody(json: course))
        let terms = try CourseCertificateQuery.Data.decode(data: try #require(body.data), errors: body.errors)
        #expect(terms.course == nil)
        let reviewers = try CourseReviewersQuery.Data.decode(data: try #require(body.data), errors: body.errors)
        let reviewersCourse = try #require(reviewers.course)
        #expect(throws: GraphQLFieldError.self) { _ = try reviewersCourse.reviewers }
        #expect(reviewersCourse.mentor.error?.error.message == "no mentor handle")
    }

    /// A type case reads its parent's semantically non-null field from the response object, the
    /// error included.
    @Test func aTypeCaseTakesOverTheThrowingField() throws {
        let json = try JSONParser.parse(#"""
            {"data": {"featured": {"__typename": "Course", "headline": null, "slug": "swift"}},
             "errors": [{"message": "no headline", "path": ["featured", "headline"]}]}
            """#)
        let body = try #require(GraphQLResponseBody(json: json))
        let data = try FeaturedHeadlineQuery.Data.decode(data: try #require(body.data), errors: body.errors)
        let course = try #require(data.featured?.asCourse)
        #expect(course.slug == "swift")
        #expect(throws: GraphQLFieldError.self) { _ = try course.headline }
        let valued = try FeaturedHeadlineQuery.Data.decode(data: try JSONParser.parse(
            #"{"featured": {"__typename": "Course", "headline": "New", "slug": "swift"}}"#))
        #expect(try valued.featured?.asCourse?.headline == "New")
    }

    @Test func aModelBuiltInCodeHoldsAnError() throws {
        let error = GraphQLFieldError(errors: [GraphQLResponseError(message: "the certificate service is unavailable", path: ResponsePath([.key("course"), .key("certificateTerms")]))])
        let built = CourseCertificateQuery.Data.Course(slug: "swift", title: "Swift", certificateTerms: .failure(error))
        #expect(throws: error) { _ = try built.certificateTerms }
        let body = try #require(GraphQLResponseBody(json: Self.failedTerms))
        let decoded = try CourseCertificateQuery.Data.decode(data: try #require(body.data), errors: body.errors)
        // The same response object as the decoded one, error included.
        #expect(decoded.course == built)
        let withValue = CourseCertificateQuery.Data.Course(slug: "swift", title: "Swift", certificateTerms: .success("Terms"))
        #expect(try withValue.certificateTerms == "Terms")
    }
}
