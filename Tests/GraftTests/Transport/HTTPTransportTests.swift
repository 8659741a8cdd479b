import Foundation
import Testing
@testable import Graft
import GraftTesting
import GraftHashing

/// The GraphQL-over-HTTP transport against a mock HTTP client: request shape, status semantics,
/// persisted queries, errors.
@Suite struct HTTPTransportTests {
    static let url = URL(string: "https://api.example.com/graphql")!

    static func request(identifier: String? = nil, kind: OperationKind = .query) -> GraphQLRequest {
        GraphQLRequest(operationName: "Hero", operationKind: kind,
                       document: OperationDocument(operationIdentifier: identifier, definition: "query Hero { hero { name } }"),
                       variables: ["episode": "JEDI", "first": 3])
    }

    @Test func postsJSONWithTheSpecsAcceptHeader() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .json(#"{"data":{"hero":null}}"#))
        let transport = HTTPTransport(url: Self.url, client: mock)
        let body = try await transport.execute(Self.request(), options: RequestOptions(headers: ["X-Trace": "1"]))
        #expect(body.data == ["hero": nil])
        let sent = try #require(mock.requests.first)
        #expect(sent.method == .post)
        #expect(sent.url == Self.url)
        #expect(sent.headers["Accept"] == "application/graphql-response+json, application/json;q=0.9")
        #expect(sent.headers["Content-Type"] == "application/json")
        #expect(sent.headers["X-Trace"] == "1")
        let json = try JSONParser.parse([UInt8](sent.body ?? Data()))
        #expect(json == ["query": "query Hero { hero { name } }", "operationName": "Hero",
                         "variables": ["episode": "JEDI", "first": 3]])
    }

    @Test func getForQueriesPercentEncodesParameters() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .json(#"{"data":{}}"#))
        let transport = HTTPTransport(url: Self.url, client: mock, usesGETForQueries: true)
        _ = try await transport.execute(Self.request(), options: RequestOptions())
        let sent = try #require(mock.requests.first)
        #expect(sent.method == .get)
        #expect(sent.body == nil)
        let components = try #require(URLComponents(url: sent.url, resolvingAgainstBaseURL: false))
        let items = Dictionary(uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(items["query"] == "query Hero { hero { name } }")
        #expect(items["operationName"] == "Hero")
        #expect(items["variables"] == #"{"episode":"JEDI","first":3}"#)
        #expect(!sent.url.absoluteString.contains(" "))
    }

    @Test func mutationsAreNeverSentAsGET() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .json(#"{"data":{}}"#))
        let transport = HTTPTransport(url: Self.url, client: mock, usesGETForQueries: true)
        _ = try await transport.execute(Self.request(kind: .mutation), options: RequestOptions())
        #expect(mock.requests.first?.method == .post)
        #expect(mock.recordedRequests.first?.context.isIdempotent == false)
    }

    @Test func automaticPersistedQueriesResendTheDocumentWhenUnknown() async throws {
        let mock = MockHTTPClient()
        mock.stub(.bodyContains("\"query\""), response: .json(#"{"data":{"hero":{"name":"R2-D2"}}}"#))
        mock.stub(response: .json(#"{"errors":[{"message":"PersistedQueryNotFound"}]}"#))
        let transport = HTTPTransport(url: Self.url, client: mock, persistedQueries: .automatic)
        let body = try await transport.execute(Self.request(identifier: "abc123"), options: RequestOptions())
        #expect(body.data == ["hero": ["name": "R2-D2"]])
        #expect(mock.requests.count == 2)
        let first = try JSONParser.parse([UInt8](mock.requests[0].body ?? Data()))
        #expect(first.objectValue?["query"] == nil)
        // Automatic persisted queries hash the exact text sent, not the generated identifier.
        let hash = JSONValue.string(SHA256.hex("query Hero { hero { name } }"))
        #expect(first.objectValue?["extensions"] == ["persistedQuery": ["version": 1, "sha256Hash": hash]])
        let second = try JSONParser.parse([UInt8](mock.requests[1].body ?? Data()))
        #expect(second.objectValue?["query"] == "query Hero { hero { name } }")
        #expect(second.objectValue?["extensions"] != nil)
    }

    @Test func identifierOnlyModeNeverSendsTheDocument() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .json(#"{"errors":[{"message":"PersistedQueryNotFound"}]}"#))
        let transport = HTTPTransport(url: Self.url, client: mock, persistedQueries: .identifierOnly)
        await #expect(throws: GraftError.self) { try await transport.execute(Self.request(identifier: "abc"), options: RequestOptions()) }
        #expect(mock.requests.count == 1)
        let sent = try JSONParser.parse([UInt8](mock.requests[0].body ?? Data()))
        #expect(sent.objectValue?["extensions"] == ["persistedQuery": ["version": 1, "sha256Hash": "abc"]])
        #expect(!(String(decoding: mock.requests[0].body ?? Data(), as: UTF8.self).contains("query Hero")))
    }

    @Test func graphQLResponseJSONErrorStatusCarriesTheErrors() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .json(#"{"errors":[{"message":"Variable \"$x\" is not defined."}]}"#, status: 400,
                                  headers: ["Content-Type": "application/graphql-response+json"]))
        let transport = HTTPTransport(url: Self.url, client: mock)
        do {
            _ = try await transport.execute(Self.request(), options: RequestOptions())
            Issue.record("expected an error")
        } catch let error as GraftError {
            #expect(error.code == .graphQLErrors)
            #expect(error.statusCode == 400)
            #expect(error.graphQLErrors.map(\.message) == ["Variable \"$x\" is not defined."])
        }
    }

    @Test func plainJSONErrorStatusIsAnHTTPError() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .status(502, body: "<html>Bad gateway</html>"))
        let transport = HTTPTransport(url: Self.url, client: mock)
        do {
            _ = try await transport.execute(Self.request(), options: RequestOptions())
            Issue.record("expected an error")
        } catch let error as GraftError {
            #expect(error.code == .httpStatus)
            #expect(error.statusCode == 502)
            #expect(error.operation == "Hero")
        }
    }

    @Test(arguments: ["{\"data\": {\"hero\": ", "not json at all", "[1, 2, 3]", "{\"something\": 1}"])
    func malformedBodiesAreDecodingErrors(_ text: String) async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .json(text))
        let transport = HTTPTransport(url: Self.url, client: mock)
        do {
            _ = try await transport.execute(Self.request(), options: RequestOptions())
            Issue.record("expected an error")
        } catch let error as GraftError {
            #expect(error.code == .decoding)
        }
    }

    @Test func unauthenticatedGraphQLErrorNeedsATokenRefresh() {
        let unauthenticated = HTTPResponse.json(#"{"errors":[{"message":"no","extensions":{"code":"UNAUTHENTICATED"}}]}"#)
        #expect(HTTPTransport.needsTokenRefresh(unauthenticated))
        #expect(HTTPTransport.needsTokenRefresh(.status(401)))
        #expect(!HTTPTransport.needsTokenRefresh(.json(#"{"data":{"a":1}}"#)))
        #expect(!HTTPTransport.needsTokenRefresh(.json(#"{"errors":[{"message":"other"}]}"#)))
    }
}
