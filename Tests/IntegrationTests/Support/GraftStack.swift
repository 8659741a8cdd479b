import Foundation
import Graft

/// Graft's HTTP layer pointed at the integration server for one test: every request carries the
/// test's `X-Test-Session`, so counters, tokens and injected failures stay apart from other tests.
struct GraftStack: Sendable {
    /// The plain URLSession test client of the same session, for `/test/stats` and `/test/control`.
    let testClient: TestClient

    /// This test's session name.
    var session: String { testClient.session }

    /// A stack with a fresh session.
    static func make() async throws -> GraftStack {
        GraftStack(testClient: try await TestClient.make())
    }

    /// The absolute URL of `path` (which may carry a query string).
    func url(_ path: String) -> URL {
        URL(string: path, relativeTo: testClient.baseURL)!.absoluteURL
    }

    /// A client of `kind` (by default ``HTTPClientKind/default``) under `interceptors`, with the session
    /// header added outermost.
    func client(_ interceptors: [any HTTPInterceptor] = [], defaultTimeout: Duration? = .seconds(300),
                kind: HTTPClientKind = .default) -> InterceptingHTTPClient {
        InterceptingHTTPClient(base: kind.make(defaultTimeout: defaultTimeout),
                               interceptors: [HeaderInjectionInterceptor(["X-Test-Session": session])] + interceptors)
    }

    /// A GraphQL-over-HTTP POST of `query` (with optional variables as JSON text) to `/graphql`.
    func graphQL(_ query: String, variablesJSON: String? = nil, headers: HTTPHeaders = [:]) -> HTTPRequest {
        let queryJSON = String(decoding: try! JSONEncoder().encode(query), as: UTF8.self)
        let body = variablesJSON.map { #"{"query":\#(queryJSON),"variables":\#($0)}"# } ?? #"{"query":\#(queryJSON)}"#
        var all: HTTPHeaders = ["Content-Type": "application/json",
                                "Accept": "application/graphql-response+json, application/json"]
        for field in headers { all[field.name] = field.value }
        return HTTPRequest(method: .post, url: url("/graphql"), headers: all, body: Data(body.utf8))
    }

    /// Obtains a new access token from `POST /test/refresh` through `client`, without credentials
    /// (so the refresh never goes through token refresh itself).
    func refreshToken(using client: any HTTPClient) async throws -> String {
        let response = try await client.send(HTTPRequest(method: .post, url: url("/test/refresh")),
                                             context: RequestContext(operationName: "refresh", skipsAuthentication: true))
        guard response.statusCode == 200, let token = try JSON(data: response.body)["accessToken"].string else {
            throw GraftError.httpStatus(response, operation: "refresh")
        }
        return token
    }

    /// This session's counters.
    func stats() async throws -> JSON {
        try await testClient.stats()
    }

    /// Sets this session's controls (`failNext`, `refreshFails`, `refreshDelayMs`, `requireAuth`, ...).
    func control(_ settings: [String: Any]) async throws {
        let (_, response) = try await testClient.post("/test/control", json: settings)
        guard response.statusCode == 200 else { throw URLError(.badServerResponse) }
    }
}
