import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GraftTestSupport
import Testing

/// The server counts what it receives, per session, and serves a small REST API.
@Suite("Stats and REST routes", .timingSensitive)
struct StatsAndRESTTests {
    @Test("stats count requests per path, operation and method, and keep the last request's headers")
    func statsCounting() async throws {
        let client = try await TestClient.make()
        _ = try await client.graphQL("query First { allTags }")
        _ = try await client.graphQL("query First { allTags }", headers: ["X-Custom": "one"])
        _ = try await client.graphQL("query A { allTags } query B { viewer { id } }", operationName: "B",
                                     headers: ["X-Custom": "two"])
        _ = try await client.send(client.request("/rest/v1/courses?limit=1"))
        _ = try await client.graphQL("{ allTags }")

        let stats = try await client.stats()
        #expect(stats["session"].string == client.session)
        #expect(stats["total"].int == 5)
        #expect(stats["paths"]["/graphql"].int == 4)
        #expect(stats["paths"]["/rest/v1/courses"].int == 1)
        #expect(stats["operations"]["First"].int == 2)
        #expect(stats["operations"]["B"].int == 1)
        #expect(stats["operations"]["A"].isMissing)
        #expect(stats["operations"]["(anonymous)"].int == 1)
        #expect(stats["methods"]["POST"].int == 4)
        #expect(stats["methods"]["GET"].int == 1)
        #expect(stats["recentRequests"].array?.count == 5)
        #expect(stats["lastRequest"]["path"].string == "/graphql")
        #expect(stats["lastRequest"]["body"].string == #"{"query":"{ allTags }"}"#)
        #expect(stats["recentRequests"][2]["operationName"].string == "B")

        // Reading stats is not counted; the last request's headers are all there.
        let again = try await client.stats()
        #expect(again["total"].int == 5)
        _ = try await client.graphQL("query Last { allTags }", headers: ["X-Custom": "three"])
        let last = try await client.stats()["lastRequest"]
        #expect(last["headers"]["x-custom"].string == "three")
        #expect(last["headers"]["x-test-session"].string == client.session)
        #expect(last["operationName"].string == "Last")
    }

    @Test("sessions are independent and /test/reset clears one")
    func resetAndIsolation() async throws {
        let first = try await TestClient.make()
        let second = try await TestClient.make()
        _ = try await first.graphQL("{ allTags }")
        _ = try await first.graphQL("{ allTags }")
        _ = try await second.graphQL("{ allTags }")
        #expect(try await first.stats()["total"].int == 2)
        #expect(try await second.stats()["total"].int == 1)
        let (answer, response) = try await first.post("/test/reset")
        #expect(response.statusCode == 200)
        #expect(answer["reset"].bool == true)
        #expect(try await first.stats()["total"].int == 0)
        #expect(try await second.stats()["total"].int == 1)
    }

    @Test("REST: GET a page of courses with query items")
    func restList() async throws {
        let client = try await TestClient.make()
        let (page, response) = try await client.getJSON("/rest/v1/courses?limit=2&offset=0")
        #expect(response.statusCode == 200)
        #expect(page["courses"].array?.count == 2)
        #expect(page["total"].int == 3)
        #expect(page["courses"][0]["slug"].string == "swift-concurrency")

        let (filtered, _) = try await client.getJSON("/rest/v1/courses?tag=graphql&level=beginner")
        #expect(filtered["courses"].array?.compactMap(\.["slug"].string) == ["graphql-from-scratch"])

        let (bad, badResponse) = try await client.getJSON("/rest/v1/courses?limit=-1")
        #expect(badResponse.statusCode == 400)
        #expect(bad["error"].string?.contains("limit") == true)

        let (_, missing) = try await client.getJSON("/rest/v1/courses/no-such-course")
        #expect(missing.statusCode == 404)
    }

    @Test("REST: POST a JSON body creates a course")
    func restCreate() async throws {
        let client = try await TestClient.make()
        let slug = "rest-\(UUID().uuidString.lowercased().prefix(8))"
        let body = try JSONSerialization.data(withJSONObject: ["title": "REST course", "slug": slug, "tags": ["rest"]])
        let (data, response) = try await client.send(client.request("/rest/v1/courses", method: "POST", body: body))
        #expect(response.statusCode == 201)
        #expect(response.value(forHTTPHeaderField: "Location") == "/rest/v1/courses/\(slug)")
        let created = try JSON(data: data)
        #expect(created["slug"].string == slug)
        #expect(created["status"].string == "DRAFT")

        let (fetched, _) = try await client.getJSON("/rest/v1/courses/\(slug)")
        #expect(fetched["title"].string == "REST course")
        let (_, duplicate) = try await client.send(client.request("/rest/v1/courses", method: "POST", body: body))
        #expect(duplicate.statusCode == 409)
        let (_, invalid) = try await client.send(client.request("/rest/v1/courses", method: "POST", body: Data("[1]".utf8)))
        #expect(invalid.statusCode == 422)
    }

    @Test("REST: failures are injected on REST routes too, and echo shows the request as received")
    func restFailureAndEcho() async throws {
        let client = try await TestClient.make()
        let (_, failed) = try await client.send(client.request("/rest/v1/courses", headers: ["X-Test-Fail": "503;retry-after=1"]))
        #expect(failed.statusCode == 503)
        let (echo, _) = try await client.getJSON("/rest/v1/echo?q=a%20b%26c&q=2", headers: ["Authorization": "Bearer x"])
        #expect(echo["method"].string == "GET")
        #expect(echo["rawQuery"].string == "q=a%20b%26c&q=2")
        #expect(echo["query"][0][1].string == "a b&c")
        #expect(echo["headers"]["authorization"].string == "Bearer x")
    }
}
