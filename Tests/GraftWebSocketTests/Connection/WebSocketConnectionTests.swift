import Foundation
import Testing
@testable import GraftWebSocket

/// `WebSocketConnection` over an in-memory stream: the handshake, pings, fragments across reads,
/// and both directions of the closing handshake.
@Suite("WebSocket connection")
struct WebSocketConnectionTests {
    static let endpoint = WebSocketEndpoint(url: URL(string: "ws://example.test/graphql")!)!

    /// A connection and the scripted server on the other end.
    static func open(subprotocol: String? = "graphql-ws") async throws -> (WebSocketConnection, ScriptedServer) {
        let (client, serverEnd) = InMemoryByteStream.pair()
        async let server = ScriptedServer.accept(serverEnd, subprotocol: subprotocol)
        let connection = try await WebSocketConnection.open(on: client, endpoint: endpoint, protocols: ["graphql-ws"])
        return (connection, try await server)
    }

    @Test("the handshake offers the subprotocols and returns the one the server chose; client frames are masked")
    func handshakeAndMasking() async throws {
        let (connection, server) = try await Self.open()
        #expect(connection.subprotocol == "graphql-ws")
        #expect(server.requestHead.hasPrefix("GET /graphql HTTP/1.1\r\nHost: example.test\r\n"))
        try await connection.send(text: "héllo")
        // The scripted server's parser has the server role: it accepts only masked frames.
        #expect(try await server.nextEvent() == .text(Array("héllo".utf8)))
    }

    @Test("a failed handshake closes the stream and says why")
    func failedHandshake() async throws {
        let (client, serverEnd) = InMemoryByteStream.pair()
        async let server = ScriptedServer.accept(serverEnd) { _ in "HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n" }
        await #expect(throws: WebSocketError.handshakeFailed("the server answered HTTP 403 instead of 101 Switching Protocols", status: 403)) {
            try await WebSocketConnection.open(on: client, endpoint: Self.endpoint, protocols: ["graphql-ws"])
        }
        _ = try await server
        #expect(client.isClosed)
    }

    @Test("pings are answered with the same payload; a message fragmented across reads comes back whole")
    func pingsAndFragments() async throws {
        let (connection, server) = try await Self.open()
        try await server.sendRaw(FrameEncoder.encode(.ping, payload: [4, 2]))
        try await server.sendRaw(FrameEncoder.encode(.text, payload: Array("ab".utf8), isFinal: false))
        async let message = connection.receive()
        #expect(try await server.nextEvent() == .pong([4, 2]))
        try await server.sendRaw(FrameEncoder.encode(.continuation, payload: Array("cd".utf8)))
        #expect(try await message == .text(Array("abcd".utf8)))
    }

    @Test("the server's close frame is answered with the same code, and receive throws it")
    func serverCloses() async throws {
        let (connection, server) = try await Self.open()
        try await server.sendRaw(FrameEncoder.encode(.close, payload: FrameEncoder.closePayload(code: .goingAway, reason: "restart")))
        await #expect(throws: WebSocketError.closed(code: .goingAway, reason: "restart")) { try await connection.receive() }
        #expect(try await server.nextEvent() == .close(code: .goingAway, reason: ""))
        #expect(await connection.isClosed)
        await #expect(throws: WebSocketError.self) { try await connection.send(text: "late") }
    }

    @Test("close sends the code and reason, then ends the stream; a waiting receive throws")
    func clientCloses() async throws {
        let (connection, server) = try await Self.open()
        let waiting = Task { try await connection.receive() }
        await connection.close(code: WebSocketCloseCode(4000), reason: "bye")
        #expect(try await server.nextEvent() == .close(code: WebSocketCloseCode(4000), reason: "bye"))
        #expect(try await server.nextEvent() == nil)
        await #expect(throws: WebSocketError.self) { try await waiting.value }
    }

    @Test("a stream that ends without a close frame is a lost connection")
    func streamEnds() async throws {
        let (connection, server) = try await Self.open()
        await server.drop()
        await #expect(throws: WebSocketError.connectionLost("the server ended the stream without a close frame")) {
            try await connection.receive()
        }
    }
}
