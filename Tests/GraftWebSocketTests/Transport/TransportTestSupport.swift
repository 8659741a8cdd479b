import Foundation
import Graft
@testable import GraftWebSocket

/// A transport over in-memory streams with quick reconnects and no heartbeat (tests turn it on).
func makeTransport(_ subprotocol: GraphQLWebSocketProtocol = .graphqlTransportWS,
                   configure: (inout WebSocketConfiguration) -> Void = { _ in }) -> (WebSocketTransport, InMemoryConnector) {
    var configuration = WebSocketConfiguration(url: URL(string: "ws://test.invalid/graphql")!, subprotocol: subprotocol,
                                               ackTimeout: .seconds(30), keepAlive: nil,
                                               reconnect: ReconnectPolicy(initialDelay: .milliseconds(5), maxDelay: .milliseconds(20)))
    configure(&configuration)
    let connector = InMemoryConnector()
    return (WebSocketTransport(configuration: configuration, connector: connector), connector)
}

extension ScriptedServer {
    /// Reads `connection_init` and acknowledges it; returns the init payload.
    @discardableResult
    func acknowledge() async throws -> JSONValue? {
        let initMessage = try await expect("connection_init")
        try await send(["type": "connection_ack"])
        return initMessage["payload"]
    }

    /// Reads a subscribe (or start) message; returns its id.
    func expectSubscribe(_ type: String = "subscribe") async throws -> String {
        let message = try await expect(type)
        guard case .string(let id)? = message["id"] else { throw ScriptError("no id") }
        return id
    }

    /// Sends a `next` (or `data`) event with the counter value.
    func next(_ id: String, _ value: Int, type: String = "next") async throws {
        try await send(["id": .string(id), "type": .string(type), "payload": counterPayload(value)])
    }
}
