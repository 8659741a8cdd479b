import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A small URLSession client for one test: every request carries the test's own
/// `X-Test-Session`, so the server keeps its counters, tokens and injected failures apart
/// from those of tests running in parallel.
struct TestClient: Sendable {
    /// The server's origin.
    let baseURL: URL
    /// This test's session name.
    let session: String
    /// The URLSession used; no caching, no cookies.
    let urlSession: URLSession

    /// A client with a fresh session name, for the shared server.
    static func make(timeout: TimeInterval = 300) async throws -> TestClient {
        TestClient(baseURL: try await TestServer.shared.baseURL(),
                   session: "test-\(UUID().uuidString)",
                   urlSession: urlSession(timeout: timeout))
    }

    /// One URLSession per timeout, shared by every test's client (the server tells tests apart
    /// by `X-Test-Session`, and it sets no cookies). On Linux each URLSession owns a libcurl
    /// multi handle and its work queues, which a test's client never released: a run made one per
    /// test, and requests to the server timed out (-1001) under load, after bounds of 30 s and
    /// later 300 s, in runs where every other request was answered.
    private static func urlSession(timeout: TimeInterval) -> URLSession {
        sessionsLock.lock()
        defer { sessionsLock.unlock() }
        if let session = sessions[timeout] { return session }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpShouldSetCookies = false
        let session = URLSession(configuration: configuration)
        sessions[timeout] = session
        return session
    }

    private static let sessionsLock = NSLock()
    nonisolated(unsafe) private static var sessions: [TimeInterval: URLSession] = [:]

    /// A request to `path` (which may carry a query string) with the session header set.
    func request(_ path: String, method: String = "GET", headers: [String: String] = [:],
                 body: Data? = nil) -> URLRequest {
        var request = URLRequest(url: URL(string: path, relativeTo: baseURL)!.absoluteURL)
        request.httpMethod = method
        request.setValue(session, forHTTPHeaderField: "X-Test-Session")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.httpBody = body
            if request.value(forHTTPHeaderField: "Content-Type") == nil {
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
        }
        return request
    }

    /// Sends a request; returns the body and the HTTP response.
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await urlSession.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return (data, http)
    }

    /// POSTs a GraphQL request to /graphql.
    func graphQL(_ query: String, variables: [String: Any]? = nil, operationName: String? = nil,
                 extensions: [String: Any]? = nil, headers: [String: String] = [:]) async throws -> (Data, HTTPURLResponse) {
        var payload: [String: Any] = ["query": query]
        if let variables { payload["variables"] = variables }
        if let operationName { payload["operationName"] = operationName }
        if let extensions { payload["extensions"] = extensions }
        var allHeaders = ["Accept": "application/graphql-response+json, application/json"]
        allHeaders.merge(headers) { _, new in new }
        return try await send(request("/graphql", method: "POST", headers: allHeaders,
                                      body: try JSONSerialization.data(withJSONObject: payload)))
    }

    /// POSTs a JSON object to a test endpoint (`/test/control`, `/test/refresh`, ...) and decodes the answer.
    @discardableResult
    func post(_ path: String, json: [String: Any] = [:]) async throws -> (JSON, HTTPURLResponse) {
        let (data, response) = try await send(request(path, method: "POST",
                                                      body: try JSONSerialization.data(withJSONObject: json)))
        return (try JSON(data: data), response)
    }

    /// GETs a path and decodes the JSON answer.
    func getJSON(_ path: String, headers: [String: String] = [:]) async throws -> (JSON, HTTPURLResponse) {
        let (data, response) = try await send(request(path, headers: headers))
        return (try JSON(data: data), response)
    }

    /// This session's counters from `GET /test/stats`.
    func stats() async throws -> JSON {
        try await getJSON("/test/stats").0
    }

    /// A fresh access token from `POST /test/refresh`.
    func refreshToken() async throws -> String {
        let (json, response) = try await post("/test/refresh")
        guard response.statusCode == 200, let token = json["accessToken"].string else {
            throw URLError(.userAuthenticationRequired)
        }
        return token
    }
}
