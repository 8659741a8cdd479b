import CourseCatalogAPI
import Graft
import Testing

/// A variable's default (`$reviewCount: Int = 5`, `$includeEnrollments: Boolean! = true`) counts
/// when the caller leaves the variable out: in cache keys, field arguments and `@include`/`@skip`,
/// as it does on the server.
@Suite struct VariableDefaultsTests {
    static func review(_ id: String) -> JSONValue {
        ["__typename": "Review", "id": .string(id), "rating": 5]
    }

    @Test func defaultsArePartOfTheOperationsVariables() {
        #expect(CourseReviewsPreviewQuery(lookup: .id("c1")).variables == ["lookup": ["id": "c1"], "reviewCount": 2])
        #expect(CourseReviewsPreviewQuery(lookup: .id("c1"), reviewCount: 7).variables["reviewCount"] == 7)
        #expect(CourseReviewsPreviewQuery(lookup: .id("c1"), reviewCount: .null).variables["reviewCount"] == .null)
        #expect(ViewerQuery().variables == ["includeEnrollments": true, "skipEmail": false])
        // Sent as given: the server fills in the defaults itself.
        #expect(ViewerQuery().requestVariables == [:])
        #expect(GraphQLRequest(CourseReviewsPreviewQuery(lookup: .id("c1"))).variables == ["lookup": ["id": "c1"]])
    }

    static func user(_ id: String) -> JSONValue {
        ["__typename": "User", "id": .string(id), "name": "Ada", "handle": "ada", "avatarURL": nil]
    }

    static func fullReview(_ id: String) -> JSONValue {
        ["__typename": "Review", "id": .string(id), "rating": 4, "body": nil, "createdAt": "2026-01-01T00:00:00Z",
         "author": user("u1")]
    }

    @Test func queriesDifferingOnlyInDefaultsReadTheirOwnData() async throws {
        let store = CacheStore()
        let preview = CourseReviewsPreviewQuery(lookup: .slug("swift"))
        let detail = CourseDetailQuery(lookup: .slug("swift"))
        _ = try await store.write(responseData: ["course": [
            "__typename": "Course", "id": "c1", "slug": "swift", "reviews": [Self.review("r1"), Self.review("r2")],
        ]], for: preview)
        _ = try await store.write(responseData: ["course": [
            "__typename": "Course", "id": "c1", "slug": "swift", "title": "Swift", "summary": nil, "level": "BEGINNER",
            "rating": nil, "coverImage": nil, "price": nil, "instructor": Self.user("u2"), "description": nil,
            "status": "PUBLISHED", "tags": [], "lessonCount": 0, "durationMinutes": 0, "weeklySchedule": [],
            "publishedAt": nil, "updatedAt": "2026-01-01T00:00:00Z", "coInstructors": [], "lessons": [],
            "reviews": [Self.fullReview("r3"), Self.fullReview("r4"), Self.fullReview("r5")],
            "topReview": [Self.review("r3")],
        ]], for: detail)
        // reviews(first: 2) and reviews(first: 5) are two fields of Course:swift, not one.
        #expect(try await store.read(preview).data.course?.reviews.map(\.id) == ["r1", "r2"])
        #expect(try await store.read(detail).data.course?.reviews?.map(\.fragments.reviewFields.id) == ["r3", "r4", "r5"])
        let keys = try await store.record(for: CacheKey(typename: "Course", id: "swift"))?.fields.keys.sorted() ?? []
        #expect(keys.contains(FieldKey.make(name: "reviews", arguments: ["first": 2])))
        #expect(keys.contains(FieldKey.make(name: "reviews", arguments: ["first": 5])))
    }

    @Test func includeWithATrueDefaultIsReadBackIncluded() async throws {
        let store = CacheStore()
        let viewer: [String: JSONValue] = [
            "__typename": "User", "id": "u1", "name": "Ada", "handle": "ada", "avatarURL": nil, "largeAvatar": nil, "email": "a@example.com",
            "role": "STUDENT", "joinedAt": "2026-01-01T00:00:00Z",
            "enrollments": [["__typename": "Enrollment", "id": "e1", "status": "ACTIVE", "progress": 0.5,
                             "course": ["__typename": "Course", "id": "c1", "slug": "swift", "title": "Swift", "summary": nil,
                                        "level": "BEGINNER", "rating": nil, "coverImage": nil, "price": nil,
                                        "instructor": ["__typename": "User", "id": "u2", "name": "Grace", "handle": "grace", "avatarURL": nil]]]],
        ]
        _ = try await store.write(responseData: ["me": .object(viewer)], for: ViewerQuery())
        let read = try await store.read(ViewerQuery()).data
        #expect(read.me?.enrollments?.map(\.id) == ["e1"])
        #expect(read.me?.email == "a@example.com")
    }
}
