import Foundation
import Graft
import GraftTesting
import Testing

/// The `Accept` header `HTTPTransport` sends for `@defer`/`@stream` under each ``IncrementalDeliveryFormat``.
@Suite("Incremental delivery format")
struct IncrementalDeliveryFormatTests {
    static let deferred = GraphQLRequest(operationName: "Q", operationKind: .query,
                                         document: OperationDocument(definition: "query Q { a ... @defer { b } }"))
    static let plain = GraphQLRequest(operationName: "P", operationKind: .query, document: OperationDocument(definition: "query P { a }"))

    /// The `Accept` header of `request` sent through a transport asking for `format`.
    static func accept(_ request: GraphQLRequest, _ format: IncrementalDeliveryFormat?) async throws -> String? {
        let http = MockHTTPClient()
        http.stub(response: HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"data":{"a":1}}"#.utf8)))
        let url = URL(string: "https://api.example.com/graphql")!
        let transport = format.map { HTTPTransport(url: url, client: http, incrementalFormat: $0) } ?? HTTPTransport(url: url, client: http)
        _ = try await transport.execute(request, options: RequestOptions())
        return http.requests.first?.headers["Accept"]
    }

    @Test("each format names only its own multipart media type, then JSON; the default names both, graphql-js 17's first")
    func acceptHeaders() async throws {
        let json = "application/graphql-response+json, application/json;q=0.9"
        let byDefault = try await Self.accept(Self.deferred, nil)
        let deferSpec = try await Self.accept(Self.deferred, .deferSpec20220824)
        let incrementalSpec = try await Self.accept(Self.deferred, .incrementalSpecV02)
        #expect(byDefault == "multipart/mixed;incrementalSpec=v0.2, multipart/mixed;deferSpec=20220824, \(json)")
        #expect(deferSpec == "multipart/mixed;deferSpec=20220824, \(json)")
        #expect(incrementalSpec == "multipart/mixed;incrementalSpec=v0.2, \(json)")
    }

    @Test("an operation without @defer or @stream keeps the plain Accept header whatever the format", arguments: IncrementalDeliveryFormat.allCases)
    func plainOperation(format: IncrementalDeliveryFormat) async throws {
        let accept = try await Self.accept(Self.plain, format)
        #expect(accept == HTTPTransport.acceptHeader)
    }
}
