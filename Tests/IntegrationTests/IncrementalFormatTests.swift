import Foundation
import Graft
import GraftTestSupport
import Testing

/// Choosing the incremental delivery format on `HTTPTransport`, against the fault server's
/// `/http/defer`: a server that speaks only `deferSpec=20220824` and answers 406 to any `Accept`
/// naming another multipart format.
@Suite("Incremental delivery format against a deferSpec=20220824-only server", .timingSensitive)
struct IncrementalFormatTests {
    static let request = GraphQLRequest(
        operationName: "DeferredCounter", operationKind: .query,
        document: OperationDocument(definition: "query DeferredCounter { counter { __typename id ... @defer(label: \"value\") { value } } }"))

    static func bodies(_ transport: HTTPTransport) async throws -> [GraphQLResponseBody] {
        var bodies: [GraphQLResponseBody] = []
        for try await body in transport.executeIncrementally(request, options: RequestOptions()) { bodies.append(body) }
        return bodies
    }

    @Test("with incrementalFormat: .deferSpec20220824 and no header override, the deferred field arrives merged",
          arguments: HTTPClientKind.allCases)
    func deferSpecOnly(kind: HTTPClientKind) async throws {
        let server = try await FaultServer.start()
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)/http/defer")!
        let bodies = try await Self.bodies(HTTPTransport(url: url, client: kind.make(), incrementalFormat: .deferSpec20220824))
        let counter: JSONValue = ["__typename": "Counter", "id": "c1"]
        #expect(bodies.map(\.data) == [["counter": counter], ["counter": ["__typename": "Counter", "id": "c1", "value": 7]]])
        #expect(bodies.allSatisfy { $0.errors.isEmpty })
    }

    @Test("the default format's Accept names both formats, which that server refuses with 406", arguments: HTTPClientKind.allCases)
    func defaultIsRefused(kind: HTTPClientKind) async throws {
        let server = try await FaultServer.start()
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)/http/defer")!
        let error = await #expect(throws: GraftError.self) { _ = try await Self.bodies(HTTPTransport(url: url, client: kind.make())) }
        #expect(error?.code == .httpStatus)
        #expect(error?.statusCode == 406)
    }
}
