import APICore
import Graft
import GraftTesting

/// The app's networking core as the app builds it (one ``GraphQLClient``, one store normalized by
/// the schema module's metadata) over `GraftTesting`'s ``MockTransport`` instead of a server.
func mockEnvironment(_ transport: MockTransport) -> APIEnvironment {
    APIEnvironment(network: GraftNetworkService(client: GraphQLClient(transport: transport, store: GraftNetworkService.makeStore())))
}

/// A course as the shared `CourseSummary` fragment selects it, in a response, plus `extra` fields.
func courseJSON(_ slug: String, rating: JSONValue = .null, level: String = "BEGINNER",
                extra: [String: JSONValue] = [:]) -> JSONValue {
    .object(["__typename": "Course", "slug": .string(slug), "title": .string("Course \(slug)"), "level": .string(level),
             "rating": rating].merging(extra) { _, new in new })
}

/// A `PostReview` answer: the new review and the course with its new rating.
func postedReviewJSON(course slug: String, rating: Double, stars: Int) -> JSONValue {
    ["data": ["addReview": [
        "__typename": "AddReviewPayload",
        "review": ["__typename": "Review", "id": "review-1", "rating": .int(stars), "body": .null,
                   "author": ["__typename": "User", "name": "Ada"]],
        "course": courseJSON(slug, rating: .double(rating)),
        "errors": [],
    ]]]
}
