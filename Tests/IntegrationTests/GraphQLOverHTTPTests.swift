import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GraftHashing
import GraftTestSupport
import Testing

/// The integration server answers GraphQL over HTTP: POST, GET, mutations, partial data and
/// automatic persisted queries.
@Suite("GraphQL over HTTP", .timingSensitive)
struct GraphQLOverHTTPTests {
    static let courseQuery = """
        query CourseBySlug($slug: String!) {
          course(lookup: {slug: $slug}) { id title level weeklySchedule lessons { __typename title } }
        }
        """

    @Test("a query with variables over POST")
    func queryOverPOST() async throws {
        let client = try await TestClient.make()
        let (data, response) = try await client.graphQL(Self.courseQuery, variables: ["slug": "swift-concurrency"])
        #expect(response.statusCode == 200)
        let course = try JSON(data: data)["data"]["course"]
        #expect(course["id"].string == "course-1")
        #expect(course["title"].string == "Swift Concurrency in Practice")
        #expect(course["level"].string == "INTERMEDIATE")
        #expect(course["weeklySchedule"].array?.count == 7)
        #expect(course["weeklySchedule"][0].array?.count == 2)
        let typenames = course["lessons"].array?.compactMap(\.["__typename"].string)
        #expect(typenames == ["VideoLesson", "ArticleLesson", "VideoLesson", "QuizLesson"])
    }

    @Test("a query over GET with percent-encoded parameters")
    func queryOverGET() async throws {
        let client = try await TestClient.make()
        var components = URLComponents()
        components.path = "/graphql"
        components.queryItems = [
            URLQueryItem(name: "query", value: Self.courseQuery),
            URLQueryItem(name: "variables", value: #"{"slug":"graphql-from-scratch"}"#),
            URLQueryItem(name: "operationName", value: "CourseBySlug"),
        ]
        let (data, response) = try await client.send(client.request(components.string!))
        #expect(response.statusCode == 200)
        #expect(try JSON(data: data)["data"]["course"]["title"].string == "GraphQL from Scratch")
        let stats = try await client.stats()
        #expect(stats["methods"]["GET"].int == 1)
        #expect(stats["operations"]["CourseBySlug"].int == 1)
    }

    @Test("a mutation is refused over GET")
    func mutationOverGETIsRefused() async throws {
        let client = try await TestClient.make()
        var components = URLComponents()
        components.path = "/graphql"
        components.queryItems = [URLQueryItem(name: "query", value: #"mutation { enroll(course: {slug: "x"}) { id } }"#)]
        let (_, response) = try await client.send(client.request(components.string!))
        #expect(response.statusCode == 405)
    }

    @Test("a mutation with a @oneOf input and an input object")
    func mutationWithInputs() async throws {
        let client = try await TestClient.make()
        let mutation = """
            mutation AddReview($course: CourseLookup!, $review: ReviewInput!) {
              addReview(course: $course, review: $review) {
                review { rating body author { handle } }
                course { slug }
                errors { field message }
              }
            }
            """
        let (data, _) = try await client.graphQL(mutation, variables: [
            "course": ["slug": "objc-memory"], "review": ["rating": 2, "body": "Integration test"],
        ], headers: ["Authorization": "Bearer any-token"])
        let payload = try JSON(data: data)["data"]["addReview"]
        #expect(payload["review"]["rating"].int == 2)
        #expect(payload["review"]["author"]["handle"].string == "bruno")
        #expect(payload["course"]["slug"].string == "objc-memory")
        #expect(payload["errors"].array?.isEmpty == true)

        let (rejected, _) = try await client.graphQL(mutation, variables: [
            "course": ["id": "course-1"], "review": ["rating": 9],
        ])
        let errors = try JSON(data: rejected)["data"]["addReview"]["errors"]
        #expect(errors[0]["field"].array?.compactMap(\.string) == ["review", "rating"])

        let (both, _) = try await client.graphQL(mutation, variables: [
            "course": ["id": "course-1", "slug": "swift-concurrency"], "review": ["rating": 3],
        ])
        let bothErrors = try JSON(data: both)["errors"]
        #expect(bothErrors[0]["message"].string?.contains("exactly one") == true)
    }

    @Test("partial data: a field error beside the data that resolved")
    func partialData() async throws {
        let client = try await TestClient.make()
        let (data, response) = try await client.graphQL(#"{ user(id: "user-1") { name email } }"#)
        #expect(response.statusCode == 200)
        let json = try JSON(data: data)
        #expect(json["data"]["user"]["name"].string == "Ada Okafor")
        #expect(json["data"]["user"]["email"].isNull)
        #expect(json["errors"][0]["path"].array?.compactMap(\.string) == ["user", "email"])
        #expect(json["errors"][0]["extensions"]["code"].string == "FORBIDDEN")
    }

    @Test("a signed-in mutation without credentials is an UNAUTHENTICATED GraphQL error")
    func unauthenticatedMutation() async throws {
        let client = try await TestClient.make()
        let (data, _) = try await client.graphQL(#"mutation { enroll(course: {slug: "swift-concurrency"}) { id } }"#)
        #expect(try JSON(data: data)["errors"][0]["extensions"]["code"].string == "UNAUTHENTICATED")
    }

    @Test("automatic persisted queries: miss, register, hit")
    func automaticPersistedQueries() async throws {
        let client = try await TestClient.make()
        let query = "query Tags { allTags }"
        let hash = SHA256.hex(query)
        let extensions: [String: Any] = ["persistedQuery": ["version": 1, "sha256Hash": hash]]
        let payload: [String: Any] = ["extensions": extensions, "operationName": "Tags"]

        let (missData, _) = try await client.send(client.request(
            "/graphql", method: "POST", body: try JSONSerialization.data(withJSONObject: payload)))
        #expect(try JSON(data: missData)["errors"][0]["extensions"]["code"].string == "PERSISTED_QUERY_NOT_FOUND")

        let (registered, _) = try await client.graphQL(query, extensions: extensions)
        #expect(try JSON(data: registered)["data"]["allTags"].array?.isEmpty == false)

        let (hitData, _) = try await client.send(client.request(
            "/graphql", method: "POST", body: try JSONSerialization.data(withJSONObject: payload)))
        #expect(try JSON(data: hitData)["data"]["allTags"][0].string == "api")

        let (mismatch, response) = try await client.graphQL("{ allTags }", extensions: extensions)
        #expect(response.statusCode == 400)
        #expect(try JSON(data: mismatch)["errors"][0]["message"].string == "provided sha does not match query")

        let stats = try await client.stats()
        #expect(stats["persistedQueries"]["misses"].int == 1)
        #expect(stats["persistedQueries"]["registrations"].int == 1)
        #expect(stats["persistedQueries"]["hits"].int == 1)
        #expect(stats["lastRequest"]["hasDocument"].bool == true)
    }
}
