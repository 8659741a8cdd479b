import CourseCatalogAPI
import Foundation
import Graft
import Testing

/// The example API's catalog, search, node, viewer and outline queries built with initializers
/// only (type cases of unions and interfaces, `@include`/`@skip` both ways, a `@defer` fragment
/// fulfilled, pending and failed), each equal to the decoded canned response.
@Suite struct CourseCatalogQueryInitializerTests {
    static let ada = UserSummary(id: "u1", name: "Ada", handle: "ada")
    static let card = CourseCard(id: "c1", slug: "swift", title: "Swift", level: .init(.beginner), rating: 4.5,
                                 price: .init(amountMinor: 1000, currency: "EUR"), instructor: .init(userSummary: ada))
    static let adaJSON = #""id": "u1", "name": "Ada", "handle": "ada", "avatarURL": null"#
    static let cardJSON = """
    "id": "c1", "slug": "swift", "title": "Swift", "summary": null, "level": "BEGINNER", "rating": 4.5, "coverImage": null,
    "price": {"__typename": "Price", "amountMinor": 1000, "currency": "EUR"}, "instructor": {"__typename": "User", \(adaJSON)}
    """

    @Test func catalogPageWithAndWithoutTags() throws {
        let pageInfo = CourseCatalogQuery.Data.Courses.PageInfo(hasNextPage: true, endCursor: "YzE=", hasPreviousPage: false)
        let pageJSON = #"{"__typename": "PageInfo", "hasNextPage": true, "endCursor": "YzE=", "hasPreviousPage": false, "startCursor": null}"#
        // withTags: true
        #expect(CourseCatalogQuery.Data(courses: .init(totalCount: 7, pageInfo: pageInfo,
                                                       edges: [.init(cursor: "YzE=", node: .init(tags: ["swift"], courseCard: Self.card))]))
            == (try InitializerTests.decode(CourseCatalogQuery.Data.self, """
            {"courses": {"__typename": "CourseConnection", "totalCount": 7, "pageInfo": \(pageJSON),
              "edges": [{"__typename": "CourseEdge", "cursor": "YzE=", "node": {"__typename": "Course", \(Self.cardJSON), "tags": ["swift"]}}]}}
            """)))
        // withTags: false
        #expect(CourseCatalogQuery.Data(courses: .init(totalCount: 7, pageInfo: pageInfo,
                                                       edges: [.init(cursor: "YzE=", node: .init(courseCard: Self.card))]))
            == (try InitializerTests.decode(CourseCatalogQuery.Data.self, """
            {"courses": {"__typename": "CourseConnection", "totalCount": 7, "pageInfo": \(pageJSON),
              "edges": [{"__typename": "CourseEdge", "cursor": "YzE=", "node": {"__typename": "Course", \(Self.cardJSON)}}]}}
            """)))
    }

    @Test func searchResultsOfEachTypeCase() throws {
        typealias Result = SearchQuery.Data.Result
        let lessonCourse = Result.AsLesson.Course(slug: "swift", title: "Swift")
        let built = SearchQuery.Data(results: [
            Result(__typename: "Course", asCourse: .init(courseCard: Self.card)),
            Result(__typename: "VideoLesson", asLesson: .init(id: "l1", title: "Intro", course: lessonCourse), asVideoLesson: .init(lengthSeconds: 300)),
            Result(__typename: "ArticleLesson", asLesson: .init(id: "l2", title: "Read", course: lessonCourse)),
            Result(__typename: "User", asUser: .init(role: .init(.instructor), userSummary: Self.ada)),
        ])
        let decoded = try InitializerTests.decode(SearchQuery.Data.self, """
        {"results": [
          {"__typename": "Course", \(Self.cardJSON)},
          {"__typename": "VideoLesson", "id": "l1", "title": "Intro", "course": {"__typename": "Course", "slug": "swift", "title": "Swift"},
           "lengthSeconds": 300},
          {"__typename": "ArticleLesson", "id": "l2", "title": "Read", "course": {"__typename": "Course", "slug": "swift", "title": "Swift"}},
          {"__typename": "User", \(Self.adaJSON), "role": "INSTRUCTOR"}]}
        """)
        #expect(built == decoded)
        #expect(decoded.results[1].asLesson?.title == "Intro")
        #expect(decoded.results[3].asUser?.fragments.userSummary.handle == "ada")
    }

    @Test func nodesOfEachTypeCase() throws {
        typealias Node = NodeByIDQuery.Data.Node
        #expect(NodeByIDQuery.Data(node: Node(__typename: "Course", id: "c1", asCourse: .init(slug: "swift", title: "Swift")))
            == (try InitializerTests.decode(NodeByIDQuery.Data.self, #"{"node": {"__typename": "Course", "id": "c1", "slug": "swift", "title": "Swift"}}"#)))
        #expect(NodeByIDQuery.Data(node: Node(__typename: "QuizLesson", id: "l3", asLesson: .init(title: "Quiz", position: 3)))
            == (try InitializerTests.decode(NodeByIDQuery.Data.self,
                #"{"node": {"__typename": "QuizLesson", "id": "l3", "title": "Quiz", "position": 3}}"#)))
        #expect(NodeByIDQuery.Data(node: Node(__typename: "User", id: "u1", asUser: .init(name: "Ada")))
            == (try InitializerTests.decode(NodeByIDQuery.Data.self, #"{"node": {"__typename": "User", "id": "u1", "name": "Ada"}}"#)))
        #expect(NodeByIDQuery.Data(node: nil) == (try InitializerTests.decode(NodeByIDQuery.Data.self, #"{"node": null}"#)))
    }

    @Test func viewerWithTheDefaultsAndTheOtherWay() throws {
        let joined = CourseCatalogInitializerTests.date(1_714_557_600)
        // includeEnrollments: true, skipEmail: false (the defaults)
        let built = ViewerQuery.Data(me: .init(largeAvatar: "https://example.com/a256.png", email: "ada@example.com", role: .init(.student),
                                               joinedAt: joined,
                                               enrollments: [.init(id: "e1", status: .init(.completed), progress: 1.0, course: .init(courseCard: Self.card))],
                                               userSummary: Self.ada))
        #expect(built == (try InitializerTests.decode(ViewerQuery.Data.self, """
            {"me": {"__typename": "User", \(Self.adaJSON), "largeAvatar": "https://example.com/a256.png", "email": "ada@example.com",
              "role": "STUDENT", "joinedAt": "2024-05-01T10:00:00Z",
              "enrollments": [{"__typename": "Enrollment", "id": "e1", "status": "COMPLETED", "progress": 1.0,
                               "course": {"__typename": "Course", \(Self.cardJSON)}}]}}
            """)))
        // includeEnrollments: false, skipEmail: true
        #expect(ViewerQuery.Data(me: .init(role: .init(.student), joinedAt: joined, userSummary: Self.ada))
            == (try InitializerTests.decode(ViewerQuery.Data.self, """
            {"me": {"__typename": "User", \(Self.adaJSON), "largeAvatar": null, "role": "STUDENT", "joinedAt": "2024-05-01T10:00:00Z"}}
            """)))
    }

    @Test func outlineWithItsDeferredStats() throws {
        typealias Course = CourseOutlineQuery.Data.Course
        let lessons: [Course.Lesson] = [.init(__typename: "VideoLesson", id: "l1", title: "Intro", position: 1),
                                        .init(__typename: "QuizLesson", id: "l3", title: "Quiz", position: 2)]
        let lessonsJSON = """
        "lessons": [{"__typename": "VideoLesson", "id": "l1", "title": "Intro", "position": 1},
                    {"__typename": "QuizLesson", "id": "l3", "title": "Quiz", "position": 2}]
        """
        func decode(_ extra: String) throws -> CourseOutlineQuery.Data {
            try InitializerTests.decode(CourseOutlineQuery.Data.self,
                #"{"course": {"__typename": "Course", "id": "c1", "slug": "swift", "title": "Swift", \#(lessonsJSON)\#(extra)}}"#)
        }
        let stats = Course.Stats(rating: 4.5, reviews: [.init(id: "r1", rating: 5)])
        #expect(CourseOutlineQuery.Data(course: .init(id: "c1", slug: "swift", title: "Swift", lessons: lessons, stats: .fulfilled(stats)))
            == (try decode(#", "rating": 4.5, "reviews": [{"__typename": "Review", "id": "r1", "rating": 5}]"#)))
        #expect(CourseOutlineQuery.Data(course: .init(id: "c1", slug: "swift", title: "Swift", lessons: lessons, stats: .pending)) == (try decode("")))
        let failed = try decode(#", "@failedDeferred": {"stats": [{"message": "reviews unavailable", "path": ["course", "reviews"]}]}"#)
        let error = GraphQLResponseError(message: "reviews unavailable", path: ResponsePath([.key("course"), .key("reviews")]))
        #expect(CourseOutlineQuery.Data(course: .init(id: "c1", slug: "swift", title: "Swift", lessons: lessons, stats: .failed([error]))) == failed)
        #expect(failed.course?.stats == .failed([error]))
    }
}
