import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GraftTestSupport
import Testing

/// Each controlled failure of the integration server, chosen with `X-Test-Fail` or queued with
/// `POST /test/control`, as URLSession sees it.
@Suite("Failure injection", .timingSensitive)
struct FailureInjectionTests {
    static let query = "query Tags { allTags }"

    @Test("an error status is answered with a JSON body", arguments: [500, 502, 503, 504, 429, 408])
    func errorStatus(status: Int) async throws {
        let client = try await TestClient.make()
        let (data, response) = try await client.graphQL(Self.query, headers: ["X-Test-Fail": "\(status)"])
        #expect(response.statusCode == status)
        #expect(response.value(forHTTPHeaderField: "Retry-After") == nil)
        let error = try JSON(data: data)["errors"][0]
        #expect(error["extensions"]["code"].string == "INJECTED_FAILURE")
        #expect(error["extensions"]["status"].int == status)
        #expect(try await client.stats()["injectedFailures"]["\(status)"].int == 1)
    }

    @Test("503 with Retry-After")
    func serviceUnavailableWithRetryAfter() async throws {
        let client = try await TestClient.make()
        let (_, response) = try await client.graphQL(Self.query, headers: ["X-Test-Fail": "503;retry-after=1"])
        #expect(response.statusCode == 503)
        #expect(response.value(forHTTPHeaderField: "Retry-After") == "1")
    }

    @Test("times=N fails the first N requests, then lets them through")
    func failuresThatStop() async throws {
        let client = try await TestClient.make()
        var statuses: [Int] = []
        for _ in 0..<4 {
            statuses.append(try await client.graphQL(Self.query, headers: ["X-Test-Fail": "500;times=2"]).1.statusCode)
        }
        #expect(statuses == [500, 500, 200, 200])
    }

    @Test("failures queued by /test/control apply to the next requests in order")
    func queuedFailures() async throws {
        let client = try await TestClient.make()
        let (controls, response) = try await client.post("/test/control", json: ["failNext": ["502", "503;retry-after=2"]])
        #expect(response.statusCode == 200)
        #expect(controls["failNext"].array?.count == 2)
        let first = try await client.graphQL(Self.query).1
        let second = try await client.graphQL(Self.query).1
        let third = try await client.graphQL(Self.query).1
        let statuses = [first.statusCode, second.statusCode, third.statusCode]
        #expect(statuses == [502, 503, 200])
        #expect(second.value(forHTTPHeaderField: "Retry-After") == "2")
    }

    @Test("an unknown failure mode is a 400, not silently ignored")
    func unknownMode() async throws {
        let client = try await TestClient.make()
        let (data, response) = try await client.graphQL(Self.query, headers: ["X-Test-Fail": "explode"])
        #expect(response.statusCode == 400)
        #expect(try JSON(data: data)["errors"][0]["message"].string?.contains("unknown failure mode") == true)
    }

    @Test("401 until the client presents the token from /test/refresh")
    func unauthorizedUntilRefresh() async throws {
        let client = try await TestClient.make()
        let fail = ["X-Test-Fail": "401-until-refresh"]
        let (_, rejected) = try await client.graphQL(Self.query, headers: fail.merging(["Authorization": "Bearer stale"]) { $1 })
        #expect(rejected.statusCode == 401)
        #expect(rejected.value(forHTTPHeaderField: "WWW-Authenticate")?.contains("invalid_token") == true)

        let token = try await client.refreshToken()
        let (_, accepted) = try await client.graphQL(Self.query, headers: fail.merging(["Authorization": "Bearer \(token)"]) { $1 })
        #expect(accepted.statusCode == 200)

        let newer = try await client.refreshToken()
        #expect(newer != token)
        let (_, old) = try await client.graphQL(Self.query, headers: fail.merging(["Authorization": "Bearer \(token)"]) { $1 })
        #expect(old.statusCode == 401)
        let stats = try await client.stats()
        #expect(stats["refreshes"].int == 2)
        #expect(stats["paths"]["/test/refresh"].int == 2)
        #expect(stats["injectedFailures"]["401-until-refresh"].int == 2)
    }

    @Test("UNAUTHENTICATED as a GraphQL error until refreshed")
    func unauthenticatedGraphQLError() async throws {
        let client = try await TestClient.make()
        let fail = ["X-Test-Fail": "unauthenticated-until-refresh"]
        let (data, response) = try await client.graphQL(Self.query, headers: fail)
        #expect(response.statusCode == 200)
        let json = try JSON(data: data)
        #expect(json["data"].isNull)
        #expect(json["errors"][0]["extensions"]["code"].string == "UNAUTHENTICATED")
        let token = try await client.refreshToken()
        let (good, _) = try await client.graphQL(Self.query, headers: fail.merging(["Authorization": "Bearer \(token)"]) { $1 })
        #expect(try JSON(data: good)["data"]["allTags"].array?.isEmpty == false)
    }

    @Test("a failing refresh and a session that requires authentication")
    func failingRefresh() async throws {
        let client = try await TestClient.make()
        try await client.post("/test/control", json: ["requireAuth": true, "refreshFails": true])
        #expect(try await client.graphQL(Self.query).1.statusCode == 401)
        let (answer, response) = try await client.post("/test/refresh")
        #expect(response.statusCode == 401)
        #expect(answer["error"].string == "invalid_grant")
        try await client.post("/test/control", json: ["refreshFails": false])
        let token = try await client.refreshToken()
        #expect(try await client.graphQL(Self.query, headers: ["Authorization": "Bearer \(token)"]).1.statusCode == 200)
        try await client.post("/test/control", json: ["expireToken": true])
        #expect(try await client.graphQL(Self.query, headers: ["Authorization": "Bearer \(token)"]).1.statusCode == 401)
        let stats = try await client.stats()
        #expect(stats["failedRefreshes"].int == 1)
        #expect(stats["refreshes"].int == 1)
    }

    @Test("slow=MS delays the answer, and a shorter client timeout gives up")
    func slowResponse() async throws {
        let client = try await TestClient.make()
        let start = Date()
        let (data, response) = try await client.graphQL(Self.query, headers: ["X-Test-Fail": "slow=400"])
        #expect(Date().timeIntervalSince(start) >= 0.4)
        #expect(response.statusCode == 200)
        #expect(try JSON(data: data)["data"]["allTags"].array != nil)

        let impatient = try await TestClient.make(timeout: 0.3)
        await #expect(throws: URLError.self) {
            _ = try await impatient.graphQL(Self.query, headers: ["X-Test-Fail": "slow=300000"])
        }
    }

    @Test("malformed-json: status 200 and a body that is not JSON")
    func malformedJSON() async throws {
        let client = try await TestClient.make()
        let (data, response) = try await client.graphQL(Self.query, headers: ["X-Test-Fail": "malformed-json"])
        #expect(response.statusCode == 200)
        #expect(data.count > 10)
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: data) }
    }

    @Test("truncated-body: the connection closes before the promised Content-Length")
    func truncatedBody() async throws {
        let client = try await TestClient.make()
        await #expect(throws: URLError.self) {
            _ = try await client.graphQL(Self.query, headers: ["X-Test-Fail": "truncated-body"])
        }
        #expect(try await client.stats()["injectedFailures"]["truncated-body"].int == 1)
        // The server is still fine afterwards.
        #expect(try await client.graphQL(Self.query).1.statusCode == 200)
    }

    @Test("several specs in one header apply in order")
    func combinedSpecs() async throws {
        let client = try await TestClient.make()
        let start = Date()
        let (_, response) = try await client.graphQL(Self.query, headers: ["X-Test-Fail": "slow=200, 429;retry-after=3"])
        #expect(Date().timeIntervalSince(start) >= 0.2)
        #expect(response.statusCode == 429)
        #expect(response.value(forHTTPHeaderField: "Retry-After") == "3")
    }
}
