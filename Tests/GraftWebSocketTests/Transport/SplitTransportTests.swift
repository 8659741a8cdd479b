import Graft
import GraftWebSocket
import Testing

/// `SplitTransport` routes by operation kind, incremental responses included.
@Suite("Split transport")
struct SplitTransportTests {
    /// Answers everything with `bodies` (one by one for incremental requests) tagged with its name.
    struct Tagged: GraphQLTransport {
        let name: String

        func body(_ index: Int) -> GraphQLResponseBody {
            GraphQLResponseBody(data: .object(["from": .string(name), "part": .int(index)]))
        }

        func execute(_ request: GraphQLRequest, options: RequestOptions) async throws -> GraphQLResponseBody { body(0) }

        func executeIncrementally(_ request: GraphQLRequest, options: RequestOptions) -> AsyncThrowingStream<GraphQLResponseBody, any Error> {
            AsyncThrowingStream { continuation in
                for index in 1...2 { continuation.yield(body(index)) }
                continuation.finish()
            }
        }
    }

    static func request(_ kind: OperationKind) -> GraphQLRequest {
        GraphQLRequest(operationName: "Op", operationKind: kind, document: OperationDocument(definition: "query Op { a @defer }"))
    }

    @Test("a query's incremental response comes from the HTTP side, payload by payload")
    func incremental() async throws {
        let split = SplitTransport(http: Tagged(name: "http"), webSocket: Tagged(name: "ws"))
        var bodies: [GraphQLResponseBody] = []
        for try await body in split.executeIncrementally(Self.request(.query), options: RequestOptions()) { bodies.append(body) }
        #expect(bodies == [Tagged(name: "http").body(1), Tagged(name: "http").body(2)])
        #expect(try await split.execute(Self.request(.query), options: RequestOptions()) == Tagged(name: "http").body(0))
    }
}
