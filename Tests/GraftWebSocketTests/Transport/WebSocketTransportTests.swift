import Foundation
import Graft
import GraftTestSupport
import Testing
@testable import GraftWebSocket

/// The graphql-transport-ws state machine of `WebSocketTransport`, against a scripted server over
/// an in-memory stream.
@Suite("WebSocket transport: graphql-transport-ws", .timingSensitive)
struct WebSocketTransportTests {
    @Test("lazy connect, init with the payload, subscribe, events in order, complete; the socket closes after the last one")
    func subscription() async throws {
        let (transport, connector) = makeTransport { $0.connectionPayload = { _ in ["app": "tests"] } }
        #expect(connector.connectCount == 0)
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        let server = try await connector.accept()
        #expect(server.requestHead.contains("Sec-WebSocket-Protocol: graphql-transport-ws"))
        #expect(try await server.acknowledge() == ["app": "tests"])
        let id = try await server.expectSubscribe()
        for value in 1...3 { try await server.next(id, value) }
        try await server.send(["id": .string(id), "type": "complete"])
        await events.waitForEnd()
        #expect(values(events.items) == [1, 2, 3])
        #expect(events.error == nil)
        // The last subscription ended: the client closes with 1000.
        guard case .close(let code, _)? = try await server.nextEvent() else { Issue.record("no close frame"); return }
        #expect(code == .normalClosure)
    }

    @Test("a result 300 levels deep arrives whole; one 600 levels deep ends the operation with an error, not a crash")
    func deepResults() async throws {
        let (transport, connector) = makeTransport()
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        let server = try await connector.accept()
        try await server.acknowledge()
        let id = try await server.expectSubscribe()
        try await server.sendRaw(FrameEncoder.encode(.text, payload: MessageCodecTests.nextMessage(id: id, dataLevels: 300)))
        #expect(MessageCodecTests.depth(await events.wait(for: 1).first?.data) == 300)
        try await server.sendRaw(FrameEncoder.encode(.text, payload: MessageCodecTests.nextMessage(id: id, dataLevels: 600)))
        await events.waitForEnd()
        let error = try #require(events.error as? GraftError)
        #expect(error.message.contains("nesting deeper than"), "\(error)")
    }

    @Test("an operation with files fails at once and never connects: files go over HTTP")
    func uploadsAreRefused() async throws {
        let (transport, connector) = makeTransport()
        var upload = request()
        upload.uploads = [GraphQLUpload(path: "variables.file", file: GraphQLFile(data: Data("x".utf8), filename: "x"))]
        let error = await #expect(throws: GraftError.self) { _ = try await transport.execute(upload, options: RequestOptions()) }
        #expect(error?.message.contains("through HTTPTransport") == true)
        #expect(connector.connectCount == 0)
    }

    @Test("the consumer cancelling sends complete with the operation's id")
    func cancelSendsComplete() async throws {
        let (transport, connector) = makeTransport()
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        let server = try await connector.accept()
        try await server.acknowledge()
        let id = try await server.expectSubscribe()
        try await server.next(id, 1)
        #expect(values(await events.wait(for: 1)) == [1])
        events.cancel()
        let complete = try await server.expect("complete")
        #expect(complete["id"] == .string(id))
        #expect(await transport.statistics.completesSent == 1)
    }

    @Test("a server ping is answered with a pong carrying its payload; no subscribe goes out before the ack")
    func pingAndAckOrder() async throws {
        let (transport, connector) = makeTransport()
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        let server = try await connector.accept()
        _ = try await server.expect("connection_init")
        try await server.send(["type": "ping", "payload": ["n": 1]])
        let pong = try await server.expect("pong")
        #expect(pong["payload"] == ["n": 1])
        try await server.send(["type": "connection_ack"])
        let id = try await server.expectSubscribe()
        try await server.next(id, 5)
        #expect(values(await events.wait(for: 1)) == [5])
    }

    @Test("an error message ends a subscription with a graphQLErrors GraftError carrying the server's errors; errors beside data in next stay data")
    func errorMessageFailsSubscription() async throws {
        let (transport, connector) = makeTransport()
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        let server = try await connector.accept()
        try await server.acknowledge()
        let id = try await server.expectSubscribe()
        try await server.send(["id": .string(id), "type": "next",
                               "payload": ["data": ["counter": nil], "errors": [["message": "partial"]]]])
        try await server.send(["id": .string(id), "type": "error", "payload": [["message": "Unknown field"]]])
        await events.waitForEnd()
        #expect(events.items.map { $0.errors.map(\.message) } == [["partial"]])
        let error = try #require(events.error as? GraftError)
        #expect(error.code == .graphQLErrors)
        #expect(error.graphQLErrors.map(\.message) == ["Unknown field"])
        #expect(error.operation == "Counter")
    }

    @Test("a next result with errors and no data (a source stream the server could not create) ends a subscription the same way")
    func resultWithoutDataFailsSubscription() async throws {
        let (transport, connector) = makeTransport()
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        let server = try await connector.accept()
        try await server.acknowledge()
        let id = try await server.expectSubscribe()
        try await server.next(id, 1)
        try await server.send(["id": .string(id), "type": "next", "payload": ["errors": [["message": "no such counter"]]]])
        try await server.send(["id": .string(id), "type": "complete"])
        await events.waitForEnd()
        #expect(values(events.items) == [1])
        let error = try #require(events.error as? GraftError)
        #expect(error.code == .graphQLErrors)
        #expect(error.graphQLErrors.map(\.message) == ["no such counter"])
    }

    @Test("a query's error message is its result's errors, as a refused query over HTTP is")
    func queryErrorMessageIsResult() async throws {
        let (transport, connector) = makeTransport()
        async let result = transport.execute(request("Q", kind: .query), options: RequestOptions())
        let server = try await connector.accept()
        try await server.acknowledge()
        let id = try await server.expectSubscribe()
        try await server.send(["id": .string(id), "type": "error", "payload": [["message": "Unknown field"]]])
        let body = try await result
        #expect(body.data == nil)
        #expect(body.errors.map(\.message) == ["Unknown field"])
    }

    @Test("several operations share one connection; ids are distinct; messages for unknown ids are ignored")
    func multiplexing() async throws {
        let (transport, connector) = makeTransport()
        let first = Collector(transport.subscribe(request("A"), options: RequestOptions()))
        let server = try await connector.accept()
        try await server.acknowledge()
        let a = try await server.expectSubscribe()
        let second = Collector(transport.subscribe(request("B"), options: RequestOptions()))
        let b = try await server.expectSubscribe()
        #expect(a != b)
        try await server.next("999", 0)
        try await server.next(b, 20)
        try await server.next(a, 10)
        #expect(values(await first.wait(for: 1)) == [10])
        #expect(values(await second.wait(for: 1)) == [20])
        #expect(connector.connectCount == 1)
    }

    @Test("a query over the socket returns its result")
    func queryOverSocket() async throws {
        let (transport, connector) = makeTransport()
        async let result = transport.execute(request("Q", kind: .query), options: RequestOptions())
        let server = try await connector.accept()
        try await server.acknowledge()
        let id = try await server.expectSubscribe()
        try await server.next(id, 42)
        try await server.send(["id": .string(id), "type": "complete"])
        #expect(values([try await result]) == [42])
    }

    @Test("fatal close codes end every stream with a GraftError naming the code", arguments: [4400, 4409, 4429, 4500, 1002])
    func fatalClose(code: Int) async throws {
        let (transport, connector) = makeTransport()
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        let server = try await connector.accept()
        try await server.acknowledge()
        _ = try await server.expectSubscribe()
        try await server.close(code: UInt16(code), reason: "go away")
        await events.waitForEnd()
        let error = try #require(events.error as? GraftError)
        #expect(error.code == .transport)
        #expect(error.message.contains("\(code)"))
        #expect(error.operation == "Counter")
        #expect(connector.connectCount == 1)
    }

    @Test("a malformed message closes the socket with 4400 and ends the stream with a clear error")
    func malformedMessage() async throws {
        let (transport, connector) = makeTransport()
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        let server = try await connector.accept()
        try await server.acknowledge()
        _ = try await server.expectSubscribe()
        try await server.send(["type": "surprise"])
        guard case .close(let code, _)? = try await server.nextEvent() else { Issue.record("no close"); return }
        #expect(code == .badRequest)
        await events.waitForEnd()
        #expect((events.error as? GraftError)?.message.contains("surprise") == true)
    }

    @Test("a malformed frame closes the socket with 1002 and ends the stream with a clear error")
    func malformedFrame() async throws {
        let (transport, connector) = makeTransport()
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        let server = try await connector.accept()
        try await server.acknowledge()
        _ = try await server.expectSubscribe()
        try await server.sendRaw([0x83, 0x00])
        guard case .close(let code, _)? = try await server.nextEvent() else { Issue.record("no close"); return }
        #expect(code == .protocolError)
        await events.waitForEnd()
        #expect((events.error as? GraftError)?.message.contains("reserved opcode") == true)
    }

    @Test("an oversized message fails the connection with 1009 before it is buffered")
    func oversizedMessage() async throws {
        let (transport, connector) = makeTransport { $0.maxMessageSize = 4096 }
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        let server = try await connector.accept()
        try await server.acknowledge()
        _ = try await server.expectSubscribe()
        try await server.sendRaw([0x81, 127, 0, 0, 0, 0x10, 0, 0, 0, 0])
        guard case .close(let code, _)? = try await server.nextEvent() else { Issue.record("no close"); return }
        #expect(code == .messageTooBig)
        await events.waitForEnd()
        #expect((events.error as? GraftError)?.message.contains("limit is 4096") == true)
    }

    @Test("idleTimeout nil keeps the socket open after the last operation: the next one reuses it")
    func keepsSocketWhenConfigured() async throws {
        let (transport, connector) = makeTransport { $0.idleTimeout = nil }
        let first = Collector(transport.subscribe(request(), options: RequestOptions()))
        let server = try await connector.accept()
        try await server.acknowledge()
        let id = try await server.expectSubscribe()
        try await server.send(["id": .string(id), "type": "complete"])
        await first.waitForEnd()
        let second = Collector(transport.subscribe(request(), options: RequestOptions()))
        let next = try await server.expectSubscribe()
        #expect(next != id)
        try await server.next(next, 6)
        #expect(values(await second.wait(for: 1)) == [6])
        #expect(connector.connectCount == 1)
    }

    @Test("connectsLazily false connects at once, before any operation")
    func eagerConnect() async throws {
        let (transport, connector) = makeTransport { $0.connectsLazily = false }
        let server = try await connector.accept()
        try await server.acknowledge()
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        try await server.next(try await server.expectSubscribe(), 1)
        #expect(values(await events.wait(for: 1)) == [1])
        await transport.close()
        await events.waitForEnd()
        #expect(events.error == nil)
    }
}
