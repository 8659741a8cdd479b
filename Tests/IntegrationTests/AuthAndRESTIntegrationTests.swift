import Foundation
import Graft
import GraftTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GraftTestSupport
import Testing

/// Token refresh, REST endpoints and logging through Graft's stack against the real server.
@Suite("Graft token refresh, REST and logging against the server", .timingSensitive)
struct AuthAndRESTIntegrationTests {
    static let tags = "query Tags { allTags }"

    /// A refreshing stack: the refresh goes to `/test/refresh` through the same client, unauthenticated.
    static func refreshingClient(_ stack: GraftStack, extra: [any HTTPInterceptor] = [],
                                 needsRefresh: @escaping TokenRefreshInterceptor.Predicate = TokenRefreshInterceptor.unauthorizedStatus)
        -> (InterceptingHTTPClient, TokenRefreshCoordinator) {
        let plain = stack.client()
        let coordinator = TokenRefreshCoordinator(token: "stale-token-000") { _ in
            try await stack.refreshToken(using: plain)
        }
        let client = stack.client([
            AuthenticationInterceptor(coordinator),
            TokenRefreshInterceptor(coordinator, needsRefresh: needsRefresh),
        ] + extra)
        return (client, coordinator)
    }

    static func sendConcurrently(_ count: Int, _ client: InterceptingHTTPClient,
                                 _ request: HTTPRequest) async -> [Result<Int, GraftError>] {
        await withTaskGroup(of: Result<Int, GraftError>.self) { group in
            for _ in 0..<count {
                group.addTask {
                    do {
                        return .success(try await client.send(request, context: RequestContext(operationName: "Tags")).statusCode)
                    } catch {
                        return .failure(error as! GraftError)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test("20 concurrent requests with an expired token: the server sees exactly one refresh, all 20 succeed")
    func concurrentRefresh() async throws {
        let stack = try await GraftStack.make()
        try await stack.control(["requireAuth": true, "refreshDelayMs": 300])
        let (client, coordinator) = Self.refreshingClient(stack)
        let results = await Self.sendConcurrently(20, client, stack.graphQL(Self.tags))
        #expect(results.count == 20)
        #expect(results.allSatisfy { (try? $0.get()) == 200 }, "\(results.filter { (try? $0.get()) != 200 })")
        let stats = try await stack.stats()
        #expect(stats["refreshes"].int == 1)
        #expect(stats["paths"]["/test/refresh"].int == 1)
        #expect(await coordinator.refreshCount == 1)
        // Each request was sent at most twice: with the stale token, then once with the new one.
        #expect((stats["paths"]["/graphql"].int ?? 0) <= 40)
        #expect((stats["injectedFailures"]["401-until-refresh"].int ?? 0) <= 20)
    }

    @Test("when the refresh fails, all 20 fail with unauthorized and nothing loops")
    func failedRefresh() async throws {
        let stack = try await GraftStack.make()
        try await stack.control(["requireAuth": true, "refreshFails": true, "refreshDelayMs": 300])
        let (client, coordinator) = Self.refreshingClient(stack)
        let results = await Self.sendConcurrently(20, client, stack.graphQL(Self.tags))
        let codes = results.map { result -> GraftError.Code? in
            if case .failure(let error) = result { return error.code }
            return nil
        }
        #expect(codes == Array(repeating: .unauthorized, count: 20))
        let stats = try await stack.stats()
        #expect(stats["failedRefreshes"].int == 1)
        #expect(stats["paths"]["/test/refresh"].int == 1)
        #expect(stats["paths"]["/graphql"].int == 20)
        #expect(await coordinator.refreshCount == 1)
    }

    @Test("a GraphQL UNAUTHENTICATED error (HTTP 200) triggers the refresh through a predicate")
    func unauthenticatedPredicate() async throws {
        let stack = try await GraftStack.make()
        let (client, coordinator) = Self.refreshingClient(stack) { response in
            response.statusCode == 401 || String(decoding: response.body, as: UTF8.self).contains(#""UNAUTHENTICATED""#)
        }
        let request = stack.graphQL(Self.tags, headers: ["X-Test-Fail": "unauthenticated-until-refresh"])
        let response = try await client.send(request)
        #expect(response.statusCode == 200)
        #expect(try JSON(data: response.body)["data"]["allTags"].array != nil)
        #expect(await coordinator.refreshCount == 1)
        #expect(try await stack.stats()["refreshes"].int == 1)
    }

    struct CoursePage: Decodable, Sendable {
        struct Course: Decodable, Sendable { let slug: String; let title: String; let level: String }
        let courses: [Course]
        let total: Int
        let limit: Int
    }

    struct Echo: Decodable, Sendable {
        let method: String
        let rawQuery: String
        let query: [[String]]
        let body: NewCourse?
    }

    struct NewCourse: Codable, Sendable, Equatable {
        let title: String
        let level: String
        let tags: [String]
    }

    struct Created: Decodable, Sendable { let slug: String; let title: String; let level: String; let status: String }

    @Test("REST GET with query items and POST with a JSON body pass through the same interceptors")
    func rest() async throws {
        let stack = try await GraftStack.make()
        try await stack.control(["requireAuth": true])
        let (client, coordinator) = Self.refreshingClient(stack, extra: [
            RetryInterceptor(policy: RetryPolicy(baseDelay: .milliseconds(10))),
        ])
        let rest = RESTClient(baseURL: stack.url("/rest"), versionPrefix: "v1", httpClient: client)

        let page = try await rest.send(Endpoint<CoursePage>(.get, "courses", query: [QueryItem("limit", "2")],
                                                            headers: ["X-Test-Fail": "503;times=1"]))
        #expect(page.courses.count == 2 && page.limit == 2)

        let echo = try await rest.send(Endpoint<Echo>(.get, "echo", query: [
            QueryItem("q", "a+b & c=d"), QueryItem("name", "José 🚀"), QueryItem("empty", ""),
        ]))
        #expect(echo.query == [["q", "a+b & c=d"], ["name", "José 🚀"], ["empty", ""]])
        #expect(echo.rawQuery == "q=a%2Bb%20%26%20c%3Dd&name=Jos%C3%A9%20%F0%9F%9A%80&empty=")

        let draft = NewCourse(title: "Graft in Practice \(stack.session)", level: "ADVANCED", tags: ["swift"])
        let created = try await rest.send(Endpoint<Created>(.post, "courses", body: draft, acceptableStatuses: 201..<202))
        #expect(created.title == draft.title && created.level == "ADVANCED" && created.status == "DRAFT")

        let stats = try await stack.stats()
        #expect(stats["refreshes"].int == 1)
        #expect(stats["injectedFailures"]["503"].int == 1)
        #expect(stats["methods"]["POST"].int == 2) // the refresh and the create
        #expect(await coordinator.refreshCount == 1)

        let missing = await #expect(throws: GraftError.self) {
            try await rest.send(Endpoint<Created>(.get, "courses/no-such-course"))
        }
        #expect(missing?.code == .httpStatus && missing?.statusCode == 404)
        #expect(missing?.operation == "GET courses/no-such-course")
    }

    @Test("a logged session with a token, a cookie and a password variable logs none of them")
    func loggingRedacts() async throws {
        let stack = try await GraftStack.make()
        try await stack.control(["requireAuth": true])
        let sink = RecordingLogSink()
        let cookie = "cookie-\(UUID().uuidString)"
        let password = "password-\(UUID().uuidString)"
        let (client, coordinator) = Self.refreshingClient(stack, extra: [
            HeaderInjectionInterceptor(["Cookie": "sid=\(cookie)"]),
            LoggingInterceptor(sink: sink),
        ])
        let login = stack.graphQL("query Login($password: String!) { allTags }",
                                  variablesJSON: #"{"password":"\#(password)"}"#)
        #expect(try await client.send(login, context: RequestContext(operationName: "Login")).statusCode == 200)
        // The echo route sends every header back, Authorization and Cookie included.
        let rest = RESTClient(baseURL: stack.url("/rest"), versionPrefix: "v1", httpClient: client)
        _ = try await rest.send(Endpoint<EmptyResponse>(.post, "echo", query: [QueryItem("access_token", password)],
                                                        body: ["password": password]))
        let token = try #require(try await coordinator.currentToken())
        let stale = "stale-token-000"

        let text = sink.text
        let secrets = ["token": token, "stale token": stale, "cookie": cookie, "password": password]
        for (index, line) in sink.lines.enumerated() {
            for (label, value) in secrets where line.contains(value) {
                let masked = secrets.values.reduce(line) { $0.replacingOccurrences(of: $1, with: "<SECRET>") }
                Issue.record("log line \(index) leaked the \(label): \(masked)")
            }
        }
        #expect(sink.records.map(\.kind) == [.request, .response, .request, .response, .request, .response])
        #expect(sink.lines[1].contains(" 401 POST "))
        #expect(sink.lines[3].contains(" 200 POST "))
        #expect(text.contains("Authorization: <redacted>"))
    }
}
