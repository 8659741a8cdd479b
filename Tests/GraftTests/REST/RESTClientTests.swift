import Foundation
import Graft
import GraftTesting
import GraftTestSupport
import Testing

@Suite("REST endpoints", .timingSensitive)
struct RESTClientTests {
    struct User: Codable, Sendable, Equatable {
        let id: Int
        let displayName: String
        let createdAt: Date
    }

    struct NewUser: Encodable, Sendable {
        let displayName: String
        let inviteCode: String?
    }

    static func client(_ mock: MockHTTPClient, prefix: String? = "v2") -> RESTClient {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        return RESTClient(baseURL: URL(string: "https://api.example.test/base/")!, versionPrefix: prefix,
                          httpClient: mock, defaultHeaders: ["X-Client": "tests"], decoder: decoder, encoder: encoder)
    }

    @Test("query items are percent-encoded: +, &, =, spaces, unicode")
    func queryEncoding() throws {
        let endpoint = Endpoint<EmptyResponse>(.get, "search", query: [
            QueryItem("q", "a+b & c=d"), QueryItem("name", "José 🚀"), QueryItem("flag", nil),
            QueryItem("tilde_dash.dot", "~-._"), QueryItem("hash/q?", "#/?"),
        ])
        let request = try Self.client(MockHTTPClient()).makeRequest(for: endpoint)
        #expect(request.url.absoluteString == "https://api.example.test/base/v2/search?q=a%2Bb%20%26%20c%3Dd"
            + "&name=Jos%C3%A9%20%F0%9F%9A%80&flag&tilde_dash.dot=~-._&hash%2Fq%3F=%23%2F%3F")
        let parsed = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(parsed.first { $0.name == "q" }?.value == "a+b & c=d")
        #expect(parsed.first { $0.name == "name" }?.value == "José 🚀")
    }

    @Test("paths join base, version prefix and path, encoding what a segment can't hold")
    func paths() throws {
        let client = Self.client(MockHTTPClient())
        #expect(try client.makeRequest(for: Endpoint<EmptyResponse>(.get, "/users/42")).url.absoluteString
            == "https://api.example.test/base/v2/users/42")
        #expect(try client.makeRequest(for: Endpoint<EmptyResponse>(.get, "files/my report ü.pdf")).url.absoluteString
            == "https://api.example.test/base/v2/files/my%20report%20%C3%BC.pdf")
        #expect(try client.makeRequest(for: Endpoint<EmptyResponse>(.get, "tags/a?b#c%")).url.absoluteString
            == "https://api.example.test/base/v2/tags/a%3Fb%23c%25")
        let unversioned = Self.client(MockHTTPClient(), prefix: nil)
        #expect(try unversioned.makeRequest(for: Endpoint<EmptyResponse>(.get, "items/")).url.absoluteString
            == "https://api.example.test/base/items/")
    }

    @Test("GET decodes with the configured decoder; headers merge")
    func getDecodes() async throws {
        let mock = MockHTTPClient()
        mock.stub(.method(.get) && .path("/base/v2/users/7"),
                  response: .json(#"{"id":7,"display_name":"Ada","created_at":"2024-05-01T10:00:00Z"}"#))
        let user = try await Self.client(mock).send(Endpoint<User>(.get, "users/7", headers: ["X-Trace": "t1"]))
        #expect(user == User(id: 7, displayName: "Ada", createdAt: Date(timeIntervalSince1970: 1_714_557_600)))
        let sent = mock.requests[0]
        #expect(sent.headers["Accept"] == "application/json")
        #expect(sent.headers["X-Client"] == "tests" && sent.headers["X-Trace"] == "t1")
        #expect(mock.recordedRequests[0].context.operationName == "GET users/7")
    }

    @Test("POST encodes the body with the configured encoder")
    func postEncodes() async throws {
        let mock = MockHTTPClient()
        mock.stub(.method(.post), response: .json(#"{"id":8,"display_name":"Grace","created_at":"2024-05-01T10:00:00Z"}"#,
                                                  status: 201))
        let created = try await Self.client(mock).send(Endpoint<User>(.post, "users", body: NewUser(displayName: "Grace", inviteCode: nil),
                                                                      name: "createUser"))
        #expect(created.id == 8)
        let sent = mock.requests[0]
        #expect(String(decoding: sent.body ?? Data(), as: UTF8.self) == #"{"display_name":"Grace"}"#)
        #expect(sent.headers["Content-Type"] == "application/json")
        #expect(mock.recordedRequests[0].context.operationName == "createUser")
    }

    @Test("a status outside the acceptable range throws httpStatus with the body")
    func httpStatus() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .json(#"{"error":"not found"}"#, status: 404))
        let error = await #expect(throws: GraftError.self) {
            try await Self.client(mock).send(Endpoint<User>(.get, "users/404", query: [QueryItem("api_key", "k-SECRET-1")]))
        }
        #expect(error?.code == .httpStatus)
        #expect(error?.statusCode == 404)
        #expect(error?.responseBody == Data(#"{"error":"not found"}"#.utf8))
        #expect(error?.operation == "GET users/404")
        #expect(error?.request?.url == "https://api.example.test/base/v2/users/404?api_key=<redacted>")
        #expect(error.map { !$0.description.contains("k-SECRET-1") } == true)
    }

    @Test("decoding errors name the path in the response", arguments: [
        (#"{"id":"seven","display_name":"Ada","created_at":"2024-05-01T10:00:00Z"}"#, "id"),
        (#"{"id":7,"created_at":"2024-05-01T10:00:00Z"}"#, "displayName"),
        (#"{"id":7,"display_name":null,"created_at":"2024-05-01T10:00:00Z"}"#, "displayName"),
        (#"{"id":7,"display_name":["Ada"],"created_at":"2024-05-01T10:00:00Z"}"#, "displayName"),
        (#"{"id":7,"display_na"#, ""),
    ])
    func decodingErrors(body: String, path: String) async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .json(body))
        let error = await #expect(throws: GraftError.self) {
            try await Self.client(mock).send(Endpoint<User>(.get, "users/7"))
        }
        #expect(error?.code == .decoding)
        #expect(error?.responsePath == path)
        #expect(error?.operation == "GET users/7")
        #expect(error?.responseBody == Data(body.utf8))
        #expect(error?.underlying is DecodingError)
    }

    @Test("nested array paths are reported with indices")
    func nestedPath() async throws {
        struct Page: Decodable, Sendable { let items: [User] }
        let mock = MockHTTPClient()
        mock.stub(response: .json(#"{"items":[{"id":1,"display_name":"A","created_at":"2024-05-01T10:00:00Z"},{"id":2,"created_at":"2024-05-01T10:00:00Z"}]}"#))
        let error = await #expect(throws: GraftError.self) { try await Self.client(mock).send(Endpoint<Page>(.get, "users")) }
        #expect(error?.responsePath == "items[1].displayName")
        #expect(error?.description.contains("at items[1].displayName: missing key \"displayName\"") == true)
    }

    @Test("EmptyResponse accepts a 204 with no body; transport errors keep the endpoint name")
    func emptyAndTransport() async throws {
        let mock = MockHTTPClient()
        mock.stub(.method(.delete), response: .status(204))
        mock.stub(.method(.get), error: URLError(.notConnectedToInternet))
        _ = try await Self.client(mock).send(Endpoint<EmptyResponse>(.delete, "users/7"))
        let error = await #expect(throws: GraftError.self) {
            try await Self.client(mock).send(Endpoint<EmptyResponse>(.get, "users/7"))
        }
        #expect(error?.code == .transport)
        #expect(error?.operation == "GET users/7")
    }

    @Test("REST requests pass through the same interceptors")
    func sameStack() async throws {
        let mock = MockHTTPClient()
        mock.stub(times: 1, response: .status(503, headers: ["Retry-After": "0"]))
        mock.stub(response: .json(#"{"id":7,"display_name":"Ada","created_at":"2024-05-01T10:00:00Z"}"#))
        let stack = InterceptingHTTPClient(base: mock, interceptors: [
            RetryInterceptor(policy: RetryPolicy(baseDelay: .milliseconds(1))),
            AuthenticationInterceptor { "rest-token-1" },
        ])
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        let client = RESTClient(baseURL: URL(string: "https://api.example.test")!, httpClient: stack, decoder: decoder)
        let user = try await client.send(Endpoint<User>(.get, "users/7"))
        #expect(user.id == 7)
        #expect(mock.requests.count == 2)
        #expect(mock.requests.allSatisfy { TestSupport.carriesBearer($0, "rest-token-1") })
    }
}
