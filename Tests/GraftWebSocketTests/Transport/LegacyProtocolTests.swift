import Foundation
import Graft
import GraftTestSupport
import Testing
@testable import GraftWebSocket

/// The legacy graphql-ws protocol (subscriptions-transport-ws) of `WebSocketTransport`.
@Suite("WebSocket transport: graphql-ws", .timingSensitive)
struct LegacyProtocolTests {
    @Test("start, data, complete; ka is ignored")
    func subscription() async throws {
        let (transport, connector) = makeTransport(.graphqlWS)
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        let server = try await connector.accept(subprotocol: "graphql-ws")
        #expect(server.requestHead.contains("Sec-WebSocket-Protocol: graphql-ws"))
        try await server.acknowledge()
        try await server.send(["type": "ka"])
        let id = try await server.expectSubscribe("start")
        try await server.next(id, 1, type: "data")
        try await server.send(["type": "ka"])
        try await server.next(id, 2, type: "data")
        try await server.send(["id": .string(id), "type": "complete"])
        await events.waitForEnd()
        #expect(values(events.items) == [1, 2])
        #expect(events.error == nil)
        // Idle: connection_terminate, then the close frame.
        _ = try await server.expect("connection_terminate")
    }

    @Test("an error message (one error object) ends a subscription with a graphQLErrors GraftError carrying it")
    func errorMessageFailsSubscription() async throws {
        let (transport, connector) = makeTransport(.graphqlWS)
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        let server = try await connector.accept(subprotocol: "graphql-ws")
        try await server.acknowledge()
        let id = try await server.expectSubscribe("start")
        try await server.next(id, 1, type: "data")
        try await server.send(["id": .string(id), "type": "error", "payload": ["message": "the source stream failed"]])
        await events.waitForEnd()
        #expect(values(events.items) == [1])
        let error = try #require(events.error as? GraftError)
        #expect(error.code == .graphQLErrors)
        #expect(error.graphQLErrors.map(\.message) == ["the source stream failed"])
    }

    @Test("cancelling sends stop")
    func stop() async throws {
        let (transport, connector) = makeTransport(.graphqlWS)
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        let server = try await connector.accept(subprotocol: "graphql-ws")
        try await server.acknowledge()
        let id = try await server.expectSubscribe("start")
        try await server.next(id, 1, type: "data")
        _ = await events.wait(for: 1)
        events.cancel()
        #expect(try await server.expect("stop")["id"] == .string(id))
    }

    @Test("connection_error refreshes the token and reconnects")
    func connectionError() async throws {
        let tokens = TokenRefreshCoordinator(token: "old") { _ in "new" }
        let (transport, connector) = makeTransport(.graphqlWS) {
            $0.tokens = tokens
            $0.connectionPayload = { token in ["token": .string(token ?? "")] }
        }
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        var server = try await connector.accept(subprotocol: "graphql-ws")
        _ = try await server.expect("connection_init")
        try await server.send(["type": "connection_error", "payload": ["message": "bad token"]])
        server = try await connector.accept(subprotocol: "graphql-ws")
        #expect(try await server.acknowledge() == ["token": "new"])
        try await server.next(try await server.expectSubscribe("start"), 4, type: "data")
        #expect(values(await events.wait(for: 1)) == [4])
        #expect(await tokens.refreshCount == 1)
    }

    @Test("the heartbeat uses WebSocket pings, and their pongs keep the connection")
    func webSocketPings() async throws {
        let (transport, connector) = makeTransport(.graphqlWS) {
            $0.keepAlive = KeepAlive(interval: .milliseconds(10), timeout: .seconds(30))
        }
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        let server = try await connector.accept(subprotocol: "graphql-ws")
        try await server.acknowledge()
        let id = try await server.expectSubscribe("start")
        var sawPing = false
        while !sawPing, let event = try await server.nextEvent() {
            if case .ping(let payload) = event {
                sawPing = true
                try await server.sendRaw(FrameEncoder.encode(.pong, payload: payload))
            }
        }
        #expect(sawPing)
        try await server.next(id, 8, type: "data")
        #expect(values(await events.wait(for: 1)) == [8])
        #expect(connector.connectCount == 1)
    }

    @Test("a server that does not choose the configured subprotocol is a clear failure")
    func wrongSubprotocol() async throws {
        let (transport, connector) = makeTransport(.graphqlWS)
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        var iterator = connector.connections.makeAsyncIterator()
        _ = try await ScriptedServer.accept(await iterator.next()!, subprotocol: nil)
        await events.waitForEnd()
        #expect((events.error as? GraftError)?.message.contains("graphql-ws") == true)
    }
}
