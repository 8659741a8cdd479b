import Foundation
import Graft
import GraftTestSupport
import GraftWebSocket
import Testing

/// A refused subscription and a failed source stream, each the way its protocol reports it, against
/// the fault server (Tests/WebSocketFaultServer): every transport ends the consuming loop with the
/// same `GraftError` (code `graphQLErrors`, the server's errors readable), and a subscription the
/// server completes ends without one.
@Suite("Subscription failures on every transport", .timingSensitive)
struct SubscriptionFailureTests {
    /// A transport and protocol the counter subscription can run over.
    enum Route: CustomTestStringConvertible, Sendable {
        case webSocket(GraphQLWebSocketProtocol)
        case http(HTTPSubscriptionProtocol, HTTPClientKind)

        static let all: [Route] = [.webSocket(.graphqlTransportWS), .webSocket(.graphqlWS)]
            + HTTPClientKind.allCases.flatMap { [Route.http(.multipart, $0), .http(.serverSentEvents, $0)] }

        var testDescription: String {
            switch self {
            case .webSocket(let subprotocol): "WebSocket \(subprotocol.name)"
            case .http(let subscriptionProtocol, let kind): "HTTP \(subscriptionProtocol == .multipart ? "multipart" : "SSE") (\(kind.rawValue))"
            }
        }

        /// A client whose subscriptions take this route to `server`, with the fault parameters `query`.
        func client(_ server: FaultServer, _ query: String) -> GraphQLClient {
            switch self {
            case .webSocket(let subprotocol):
                return FaultServerWebSocketTests.client(server.url(query), subprotocol).0
            case .http(let subscriptionProtocol, let kind):
                let name = subscriptionProtocol == .multipart ? "multipart" : "sse"
                let url = URL(string: "http://127.0.0.1:\(server.port)/http/subscribe?protocol=\(name)&\(query)")!
                return GraphQLClient(transport: HTTPTransport(url: url, client: kind.make(), subscriptionProtocol: subscriptionProtocol))
            }
        }
    }

    @Test("a refused subscription ends the loop with a graphQLErrors GraftError carrying the server's errors", arguments: Route.all)
    func refused(route: Route) async throws {
        let server = try await FaultServer.start()
        defer { server.stop() }
        let (values, error) = await FaultServerWebSocketTests.values(route.client(server, "refuse=1"))
        #expect(values.isEmpty)
        let failure = try #require(error as? GraftError)
        #expect(failure.code == .graphQLErrors)
        #expect(failure.graphQLErrors.map(\.message) == ["the counter subscription is not allowed"])
        #expect(failure.graphQLErrors.first?.code == "FORBIDDEN")
        #expect(failure.operation == "Counter")
    }

    @Test("a source stream that fails after two events ends the loop after them with the same GraftError", arguments: Route.all)
    func sourceStreamFails(route: Route) async throws {
        let server = try await FaultServer.start()
        defer { server.stop() }
        let (values, error) = await FaultServerWebSocketTests.values(route.client(server, "total=5&fail_after=2"))
        #expect(values == [1, 2])
        let failure = try #require(error as? GraftError)
        #expect(failure.code == .graphQLErrors)
        #expect(failure.graphQLErrors.map(\.message) == ["the counter's source stream failed"])
        #expect(failure.graphQLErrors.first?.code == "SOURCE_FAILED")
    }

    @Test("graphql-js's refusal over a WebSocket (a next result with errors and no data, then complete) is the same failure",
          arguments: GraphQLWebSocketProtocol.allCases)
    func refusedAsResult(subprotocol: GraphQLWebSocketProtocol) async throws {
        let server = try await FaultServer.start()
        defer { server.stop() }
        let (values, error) = await FaultServerWebSocketTests.values(Route.webSocket(subprotocol).client(server, "refuse=result"))
        #expect(values.isEmpty)
        let failure = try #require(error as? GraftError)
        #expect(failure.code == .graphQLErrors)
        #expect(failure.graphQLErrors.map(\.message) == ["the counter subscription is not allowed"])
    }

    @Test("a subscription the server completes ends the loop without an error", arguments: Route.all)
    func completes(route: Route) async throws {
        let server = try await FaultServer.start()
        defer { server.stop() }
        let (values, error) = await FaultServerWebSocketTests.values(route.client(server, "total=3"))
        #expect(values == [1, 2, 3])
        #expect(error == nil)
    }
}
