import APICore
import CatalogKit
import CatalogShared
import Graft
import GraftTesting
import ReviewsKit
import Testing

/// The catalog feature on mocks (no server): what it sends, the domain structs it answers with,
/// its errors in the app's terms, and its watcher following a review posted from ReviewsKit.
@Suite struct CatalogFeatureTests {
    @Test func coursesAskForTheSchemaLevelsAndAnswerDomainStructs() async throws {
        let transport = MockTransport()
        transport.respond(to: "CatalogCourses", with: ["data": ["courses": [
            "__typename": "CourseConnection",
            "edges": [
                ["__typename": "CourseEdge", "cursor": "c1", "node": courseJSON("swift", rating: 4.5, level: "ADVANCED")],
                ["__typename": "CourseEdge", "cursor": "c2", "node": courseJSON("old", level: "EXPERT")],
                ["__typename": "CourseEdge", "cursor": "c3", "node": courseJSON("new", level: "GRANDMASTER")],
            ],
            "pageInfo": ["__typename": "PageInfo", "hasNextPage": false, "endCursor": "c3"],
        ]]])
        let catalog = CatalogFeature(environment: mockEnvironment(transport))
        let courses = try await catalog.courses(levels: [.advanced, .other], first: 3)
        #expect(courses == [
            CourseOverview(slug: "swift", title: "Course swift", level: .advanced, rating: 4.5),
            CourseOverview(slug: "old", title: "Course old", level: .advanced, rating: nil),
            CourseOverview(slug: "new", title: "Course new", level: .other, rating: nil),
        ])
        // `.other` names no schema level, so it is not asked for.
        #expect(transport.requests.first?.variables == ["levels": ["ADVANCED"], "first": 3])
    }

    @Test func aMissingCourseIsNilAndServerErrorsAreAppErrors() async throws {
        let transport = MockTransport()
        // Answers in order (the last one repeats).
        transport.respond(to: "CatalogCourse", with: ["data": ["course": .null]])
        transport.respond(to: "CatalogCourse", with: ["data": .null, "errors": [["message": "The catalog is closed."]]])
        transport.respond(to: "CatalogCourse") { _ in throw GraftError(.timedOut, message: "too slow") }
        let catalog = CatalogFeature(environment: mockEnvironment(transport))
        #expect(try await catalog.course(slug: "nowhere") == nil)
        #expect(transport.requests.first?.variables == ["lookup": ["slug": "nowhere"]])
        await #expect(throws: AppError.rejected(["The catalog is closed."])) {
            _ = try await catalog.course(slug: "closed")
        }
        await #expect(throws: AppError.timedOut) {
            _ = try await catalog.course(slug: "slow")
        }
    }

    @Test func theWatcherFollowsAReviewPostedFromTheReviewsFeature() async throws {
        let transport = MockTransport()
        transport.respond(to: "CatalogCourse", with: ["data": ["course": courseJSON("swift", rating: 3.0,
                                                                                   extra: ["summary": "Tasks.", "lessonCount": 4])]])
        transport.respond(to: "PostReview", with: postedReviewJSON(course: "swift", rating: 4.0, stars: 5))
        let environment = mockEnvironment(transport)
        var updates = CatalogFeature(environment: environment).watchCourse(slug: "swift").makeAsyncIterator()
        let first = try await updates.next()
        #expect(first??.overview.rating == 3.0)
        #expect(first??.lessonCount == 4)

        let posted = try await ReviewsFeature(environment: environment).postReview(courseSlug: "swift", rating: 5)
        #expect(posted.course.rating == 4.0)
        let second = try await updates.next()
        #expect(second??.overview.rating == 4.0)
        #expect(second??.summary == "Tasks.")
        // The watcher read the new rating from the shared store: one CatalogCourse request in all.
        #expect(transport.requests.map(\.operationName) == ["CatalogCourse", "PostReview"])
    }
}
