import APICore
import CatalogShared
import Graft
import GraftTesting
import ReviewsKit
import Testing

/// The reviews feature on mocks (no server): the mutation it sends, the domain structs it
/// answers with, and the server's objections as ``AppError/rejected(_:)``.
@Suite struct ReviewsFeatureTests {
    @Test func postingSendsTheLookupAndInputAndAnswersDomainStructs() async throws {
        let transport = MockTransport()
        transport.respond(to: "PostReview", with: postedReviewJSON(course: "swift", rating: 4.5, stars: 4))
        let posted = try await ReviewsFeature(environment: mockEnvironment(transport))
            .postReview(courseSlug: "swift", rating: 4, body: "Clear.")
        #expect(posted == PostedReview(review: Review(id: "review-1", rating: 4, body: nil, authorName: "Ada"),
                                       course: CourseOverview(slug: "swift", title: "Course swift", level: .beginner, rating: 4.5)))
        #expect(transport.requests.first?.variables == ["course": ["slug": "swift"], "review": ["rating": 4, "body": "Clear."]])
    }

    @Test func theServersInputErrorsAreRejections() async throws {
        let transport = MockTransport()
        transport.respond(to: "PostReview", with: ["data": ["addReview": [
            "__typename": "AddReviewPayload", "review": .null, "course": .null,
            "errors": [["__typename": "UserError", "message": "A rating is from 1 to 5."]],
        ]]])
        await #expect(throws: AppError.rejected(["A rating is from 1 to 5."])) {
            _ = try await ReviewsFeature(environment: mockEnvironment(transport)).postReview(courseSlug: "swift", rating: 9)
        }
    }

    @Test func reviewsOfACourseAreReadThroughBothFragments() async throws {
        let transport = MockTransport()
        transport.respond(to: "CourseReviews", with: ["data": ["course": courseJSON("swift", rating: 5.0, extra: ["reviews": [
            ["__typename": "Review", "id": "r1", "rating": 5, "body": "Great.", "author": ["__typename": "User", "name": "Grace"]],
        ]])]])
        let reviews = try await ReviewsFeature(environment: mockEnvironment(transport)).reviews(courseSlug: "swift", first: 1)
        #expect(reviews?.course.rating == 5.0)
        #expect(reviews?.reviews == [Review(id: "r1", rating: 5, body: "Great.", authorName: "Grace")])
        #expect(transport.requests.first?.variables == ["lookup": ["slug": "swift"], "first": 1])
    }
}
