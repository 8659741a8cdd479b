import Foundation
@_spi(Generated) import Graft
import GraftTestSupport
import GraftWebSocket
import Testing

/// `subscription Counter { counter { id value } }` of the fault server, as generated code would have it.
struct CounterSubscription: GraphQLSubscription {
    static let operationName = "Counter"
    static let operationKind = OperationKind.subscription
    static let document = OperationDocument(definition: "subscription Counter { counter { __typename id value } }")

    struct Data: SelectionSet {
        static let __selections: [Selection] = [.field("counter", Counter.self)]
        let __data: ObjectData
        let counter: Counter
        init(_ data: ObjectData) throws(ResponseDecodingError) { __data = data; counter = try data["counter"] }

        struct Counter: SelectionSet {
            static let __selections: [Selection] = [.field("__typename", String.self), .field("id", String.self), .field("value", Int.self)]
            let __data: ObjectData
            let value: Int
            init(_ data: ObjectData) throws(ResponseDecodingError) { __data = data; value = try data["value"] }
        }
    }
}

/// The WebSocket transport through libcurl against the fault-injecting server: drops, a withheld
/// or late ack, 4401 until a refresh, late pongs.
@Suite("WebSocket against the fault server", .timingSensitive)
struct FaultServerWebSocketTests {
    static func client(_ url: URL, _ subprotocol: GraphQLWebSocketProtocol = .graphqlTransportWS,
                       configure: (inout WebSocketConfiguration) -> Void = { _ in }) -> (GraphQLClient, WebSocketTransport) {
        var configuration = WebSocketConfiguration(url: url, subprotocol: subprotocol, keepAlive: nil,
                                                   reconnect: ReconnectPolicy(initialDelay: .milliseconds(20), maxDelay: .milliseconds(200)))
        configure(&configuration)
        let transport = WebSocketTransport(configuration: configuration)
        return (GraphQLClient(transport: transport), transport)
    }

    /// Every event's counter value until the stream ends, and the error it ended with.
    static func values(_ client: GraphQLClient) async -> ([Int], (any Error)?) {
        var values: [Int] = []
        do {
            for try await event in client.subscribe(CounterSubscription()) { values.append(event.data?.counter.value ?? -1) }
            return (values, nil)
        } catch {
            return (values, error)
        }
    }

    @Test("drops after 3 of 10 events: all 10 arrive exactly once, in order; one resubscription per drop", arguments: GraphQLWebSocketProtocol.allCases)
    func dropsAndResubscribes(subprotocol: GraphQLWebSocketProtocol) async throws {
        let server = try await FaultServer.start()
        defer { server.stop() }
        let (client, transport) = Self.client(server.url("total=10&drop_after=3"), subprotocol)
        let (values, error) = await Self.values(client)
        #expect(error == nil)
        #expect(values == Array(1...10))
        let stats = try await server.stats()
        #expect(stats["drops"].int == 3)
        #expect(stats["resubscriptions"].int == 3)
        #expect(stats["subscribes"].int == 4)
        #expect(stats["connections"].int == 4)
        #expect(await transport.statistics.resubscriptions == 3)
    }

    @Test("4401 on the first init: one token refresh, then the subscription works; 20 at once on an expired token: still one refresh")
    func refreshOn4401() async throws {
        let server = try await FaultServer.start()
        defer { server.stop() }
        let refreshes = RefreshCounter()
        let tokens = TokenRefreshCoordinator(token: "expired") { _ in
            await refreshes.increment()
            return "good"
        }
        let (client, _) = Self.client(server.url("total=2&require_token=Bearer%20good")) {
            $0.tokens = tokens
            $0.connectionPayload = { token in ["authorization": .string("Bearer \(token ?? "")")] }
        }
        let results = await withTaskGroup(of: ([Int], (any Error)?).self) { group in
            for _ in 0..<20 { group.addTask { await Self.values(client) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 20)
        #expect(results.allSatisfy { $0.0 == [1, 2] && $0.1 == nil })
        #expect(await tokens.refreshCount == 1)
        #expect(await refreshes.count == 1)
        let stats = try await server.stats()
        #expect(stats["rejections"].int == 1)
        #expect(stats["subscribes"].int == 20)
    }

    @Test("a late connection_ack: nothing is subscribed before it, then the subscription works")
    func lateAck() async throws {
        let server = try await FaultServer.start()
        defer { server.stop() }
        let (client, _) = Self.client(server.url("total=3&ack_delay_ms=300"))
        let (values, error) = await Self.values(client)
        #expect(error == nil && values == [1, 2, 3])
        #expect(try await server.stats()["earlySubscribes"].int == 0)
    }

    @Test("a withheld connection_ack: the client gives up after its attempts with a timeout error")
    func withheldAck() async throws {
        let server = try await FaultServer.start()
        defer { server.stop() }
        let (client, _) = Self.client(server.url("withhold_ack=1")) {
            $0.ackTimeout = .milliseconds(200)
            $0.reconnect.maxAttempts = 1
        }
        let (values, error) = await Self.values(client)
        #expect(values.isEmpty)
        let graftError = try #require(error as? GraftError)
        #expect(graftError.code == .timedOut)
        #expect(graftError.message.contains("connection_ack"))
        let stats = try await server.stats()
        #expect(stats["inits"].int == 2 && stats["subscribes"].int == 0)
        #expect(stats["clientCloseCodes"].array?.compactMap(\.int) == [4408, 4408])
    }

    @Test("pongs later than the client's timeout: it reconnects and resubscribes, and the events still arrive once")
    func latePongsPastTimeout() async throws {
        let server = try await FaultServer.start()
        defer { server.stop() }
        let (client, transport) = Self.client(server.url("total=3&pong_delay_ms=5000&pong_delay_connections=1&events_from_connection=2")) {
            $0.keepAlive = KeepAlive(interval: .milliseconds(50), timeout: .milliseconds(300))
        }
        let (values, error) = await Self.values(client)
        #expect(error == nil && values == [1, 2, 3])
        #expect(await transport.statistics.heartbeatFailures >= 1)
        #expect(try await server.stats()["resubscriptions"].int ?? 0 >= 1)
    }

    @Test("pongs late but within the client's timeout keep the connection")
    func latePongsWithinTimeout() async throws {
        let server = try await FaultServer.start()
        defer { server.stop() }
        let (client, transport) = Self.client(server.url("total=3&pong_delay_ms=100&events_after_pings=2")) {
            $0.keepAlive = KeepAlive(interval: .milliseconds(20), timeout: .seconds(60))
        }
        let (values, error) = await Self.values(client)
        #expect(error == nil && values == [1, 2, 3])
        #expect(await transport.statistics.heartbeatFailures == 0)
        #expect(try await server.stats()["connections"].int == 1)
    }

    @Test("pause closes the socket with 1000 and keeps the stream; resume reconnects, resubscribes, and the events arrive")
    func pauseAndResume() async throws {
        let server = try await FaultServer.start()
        defer { server.stop() }
        let (client, transport) = Self.client(server.url("total=3&events_from_connection=2"))
        let events = StreamCollector(client.subscribe(CounterSubscription()))
        try await StrawberryWebSocketTests.eventually { try await server.stats()["subscribes"].int == 1 }
        await transport.pause()
        try await StrawberryWebSocketTests.eventually { try await server.stats()["clientCloseCodes"].array?.first?.int == 1000 }
        #expect(events.items.isEmpty && events.error == nil)
        await transport.resume()
        let received = await events.wait(for: 3)
        #expect(received.map { $0.data?.counter.value } == [1, 2, 3])
        let stats = try await server.stats()
        #expect(stats["connections"].int == 2)
        #expect(stats["resubscriptions"].int == 1)
        events.cancel()
    }
}

/// Counts refresh calls.
actor RefreshCounter {
    private(set) var count = 0
    func increment() { count += 1 }
}
