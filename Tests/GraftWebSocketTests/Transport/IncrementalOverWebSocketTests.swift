import Foundation
import Graft
import GraftTestSupport
import Testing
@testable import GraftWebSocket

/// `@defer` and `@stream` over graphql-transport-ws: a server that runs them (graphql-ws with
/// graphql-js 17) sends one `next` per payload; the transport merges them as HTTPTransport does.
@Suite("WebSocket transport: incremental delivery", .timingSensitive)
struct IncrementalOverWebSocketTests {
    static let initial: JSONValue = [
        "data": ["course": ["__typename": "Course", "id": "c1", "title": "Swift"]],
        "pending": [["id": "0", "path": ["course"], "label": "Stats"]], "hasNext": true,
    ]
    static let deferred: JSONValue = [
        "incremental": [["id": "0", "data": ["rating": 4.5]]], "completed": [["id": "0"]], "hasNext": false,
    ]
    static let merged: JSONValue = ["course": ["__typename": "Course", "id": "c1", "title": "Swift", "rating": 4.5]]

    func query() -> GraphQLRequest { request("CourseOutline", kind: .query) }

    @Test("execute returns the deferred fields merged into the first payload, not the first payload alone")
    func executeMerges() async throws {
        let (transport, connector) = makeTransport()
        let result = Task { try await transport.execute(query(), options: RequestOptions()) }
        let server = try await connector.accept()
        try await server.acknowledge()
        let id = try await server.expectSubscribe()
        for payload in [Self.initial, Self.deferred] { try await server.send(["id": .string(id), "type": "next", "payload": payload]) }
        try await server.send(["id": .string(id), "type": "complete"])
        let body = try await result.value
        #expect(body.data == Self.merged)
        #expect(body.errors.isEmpty)
    }

    @Test("executeIncrementally gives the response so far at each payload; a bare hasNext: false adds nothing")
    func incrementally() async throws {
        let (transport, connector) = makeTransport()
        let steps = Collector(transport.executeIncrementally(query(), options: RequestOptions()))
        let server = try await connector.accept()
        try await server.acknowledge()
        let id = try await server.expectSubscribe()
        let streamed: JSONValue = [
            "incremental": [["id": "0", "data": ["rating": 4.5]]], "completed": [["id": "0"]], "hasNext": true,
        ]
        for payload in [Self.initial, streamed, ["hasNext": false] as JSONValue] {
            try await server.send(["id": .string(id), "type": "next", "payload": payload])
        }
        try await server.send(["id": .string(id), "type": "complete"])
        await steps.waitForEnd()
        #expect(steps.error == nil)
        #expect(steps.items.map(\.data) == [Self.initial.objectValue?["data"], Self.merged])
    }

    @Test("each event of a subscription with deferred fields starts a result of its own")
    func subscriptionEvents() async throws {
        let (transport, connector) = makeTransport()
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        let server = try await connector.accept()
        try await server.acknowledge()
        let id = try await server.expectSubscribe()
        for value in [1, 2] {
            let first: JSONValue = [
                "data": ["counter": ["__typename": "Counter", "id": "c1", "value": .int(value)]],
                "pending": [["id": .string("\(value)"), "path": ["counter"]]], "hasNext": true,
            ]
            let later: JSONValue = [
                "incremental": [["id": .string("\(value)"), "data": ["label": .string("n\(value)")]]],
                "completed": [["id": .string("\(value)")]], "hasNext": false,
            ]
            for payload in [first, later] { try await server.send(["id": .string(id), "type": "next", "payload": payload]) }
        }
        let items = await events.wait(for: 4)
        #expect(values(items) == [1, 1, 2, 2])
        #expect(items.map { $0.data?.objectValue?["counter"]?.objectValue?["label"] } == [nil, "n1", nil, "n2"])
        events.cancel()
    }

    @Test("a later payload naming an id the server never announced closes the socket with 4400; the call fails saying why")
    func unknownID() async throws {
        let (transport, connector) = makeTransport()
        let result = Task { try await transport.execute(query(), options: RequestOptions()) }
        let server = try await connector.accept()
        try await server.acknowledge()
        let id = try await server.expectSubscribe()
        let stray: JSONValue = ["incremental": [["id": "9", "data": ["rating": 1]]], "hasNext": false]
        for payload in [Self.initial, stray] { try await server.send(["id": .string(id), "type": "next", "payload": payload]) }
        guard case .close(let code, _)? = try await server.nextEvent() else { Issue.record("no close frame"); return }
        #expect(code == .badRequest)
        let error = await #expect(throws: GraftError.self) { _ = try await result.value }
        #expect(error?.message.contains("unknown id 9") == true)
    }

    /// `next` messages of 250-level chains, each merged at the end of the last.
    static func deepMessage(_ payloads: DeepIncrementalPayloads, _ index: Int, id: String) -> [UInt8] {
        Array(#"{"id":"\#(id)","type":"next","payload":\#(payloads.payload(index))}"#.utf8)
    }

    @Test("payloads that would grow the merged data past one response's depth close the socket with 4400; the call fails naming the limit")
    func deepPayloads() async throws {
        let payloads = DeepIncrementalPayloads(levels: 250, incrementalCount: 40)
        let (transport, connector) = makeTransport()
        let result = Task { try await transport.execute(query(), options: RequestOptions()) }
        let server = try await connector.accept()
        try await server.acknowledge()
        let id = try await server.expectSubscribe()
        // 250 levels, 499, then 748: the third is refused.
        for index in 0..<3 { try await server.sendRaw(FrameEncoder.encode(.text, payload: Self.deepMessage(payloads, index, id: id))) }
        guard case .close(let code, _)? = try await server.nextEvent() else { Issue.record("no close frame"); return }
        #expect(code == .badRequest)
        let error = await #expect(throws: GraftError.self) { _ = try await result.value }
        #expect(error?.message.contains("deeper than 511 levels, the depth limit of one response") == true)
    }

    @Test("on a 512 KB stack, messages are decoded and merged until the one that would go too deep", arguments: [40, 400])
    func deepPayloadsOnSmallStack(count: Int) async throws {
        let payloads = DeepIncrementalPayloads(levels: 250, incrementalCount: count)
        let outcome = try await SmallStack.run {
            var results = OperationResults()
            for index in 0..<payloads.count {
                do {
                    guard case .next(_, let payload) = try GraphQLWebSocketProtocol.graphqlTransportWS.decode(Self.deepMessage(payloads, index, id: "1"))
                    else { return (index, "not a next message", SmallStack.currentThreadStackSize()) }
                    _ = try results.apply(payload)
                } catch {
                    return (index, "\(error)", SmallStack.currentThreadStackSize())
                }
            }
            return (payloads.count, "", SmallStack.currentThreadStackSize())
        }
        #expect(outcome.0 == 2)
        #expect(outcome.1.contains("deeper than 511 levels"))
        if let stack = outcome.2 { #expect(stack <= SmallStack.size) }
    }
}
