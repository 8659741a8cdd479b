import Foundation
import Graft
import GraftTestSupport
import Testing
@testable import GraftWebSocket

/// Never losing a subscription: reconnect and resubscribe after drops, token refresh on
/// rejection, pause and resume, ack and pong timeouts — over in-memory streams.
@Suite("WebSocket transport: reconnecting", .timingSensitive)
struct ReconnectTests {
    @Test("after a drop the transport reconnects, re-sends connection_init and resubscribes each operation under its own id, once")
    func resubscribeAfterDrop() async throws {
        let (transport, connector) = makeTransport()
        let a = Collector(transport.subscribe(request("A"), options: RequestOptions()))
        let b = Collector(transport.subscribe(request("B"), options: RequestOptions()))
        var server = try await connector.accept()
        try await server.acknowledge()
        let ids = Set([try await server.expectSubscribe(), try await server.expectSubscribe()])
        try await server.next("1", 1)
        #expect(values(await a.wait(for: 1)) == [1])
        await server.drop()

        server = try await connector.accept()
        try await server.acknowledge()
        let again = Set([try await server.expectSubscribe(), try await server.expectSubscribe()])
        #expect(again == ids)
        try await server.next("1", 2)
        try await server.next("2", 7)
        #expect(values(await a.wait(for: 2)) == [1, 2])
        #expect(values(await b.wait(for: 1)) == [7])
        let statistics = await transport.statistics
        #expect(statistics.resubscriptions == 2)
        #expect(statistics.acknowledgedConnections == 2)
        // Nothing else was sent on the new connection (no duplicate subscribe).
        try await server.send(["type": "ping"])
        _ = try await server.expect("pong")
    }

    @Test("connection events: connected, a drop with its retry delay, reconnected, a token refresh, giving up")
    func connectionEvents() async throws {
        let tokens = TokenRefreshCoordinator(token: "expired-token-1") { _ in "still-bad-token" }
        let (transport, connector) = makeTransport { $0.tokens = tokens }
        var events = transport.connectionEvents().makeAsyncIterator()
        let results = Collector(transport.subscribe(request(), options: RequestOptions()))
        var server = try await connector.accept()
        try await server.acknowledge()
        _ = try await server.expectSubscribe()
        guard case .connected(isReconnection: false)? = await events.next() else { Issue.record("no first connection"); return }
        // A listener from now on sees the same events.
        var later = transport.connectionEvents().makeAsyncIterator()
        await server.drop()
        guard case .disconnected(let dropped, let retryDelay)? = await events.next() else { Issue.record("no drop"); return }
        #expect(dropped.code == .transport && dropped.operation == nil)
        #expect(retryDelay > .zero && retryDelay <= .milliseconds(20))
        guard case .disconnected? = await later.next() else { Issue.record("the later listener saw no drop"); return }

        server = try await connector.accept()
        try await server.acknowledge()
        _ = try await server.expectSubscribe()
        guard case .connected(isReconnection: true)? = await events.next() else { Issue.record("no reconnection"); return }
        try await server.close(code: 4401, reason: "token expired-token-1 expired")
        guard case .refreshingToken(let rejection)? = await events.next() else { Issue.record("no refresh"); return }
        #expect(rejection.description.contains("4401") && !rejection.description.contains("expired-token-1"), "\(rejection)")
        server = try await connector.accept()
        _ = try await server.expect("connection_init")
        try await server.close(code: 4403, reason: "Forbidden")
        guard case .failed(let failure)? = await events.next() else { Issue.record("no failure"); return }
        #expect(failure.code == .unauthorized)
        await results.waitForEnd()
        #expect((results.error as? GraftError)?.code == .unauthorized)
    }

    @Test("a close with a retryable code (1001, 1011, 4408) reconnects too", arguments: [1001, 1011, 4408])
    func retryableClose(code: Int) async throws {
        let (transport, connector) = makeTransport()
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        var server = try await connector.accept()
        try await server.acknowledge()
        _ = try await server.expectSubscribe()
        try await server.close(code: UInt16(code))
        server = try await connector.accept()
        try await server.acknowledge()
        let id = try await server.expectSubscribe()
        try await server.next(id, 3)
        #expect(values(await events.wait(for: 1)) == [3])
    }

    @Test("4401 on init: one token refresh, then the new token in connection_init and the subscription works")
    func refreshOn4401() async throws {
        let tokens = TokenRefreshCoordinator(token: "expired") { _ in "fresh" }
        let (transport, connector) = makeTransport {
            $0.tokens = tokens
            $0.connectionPayload = { token in ["authorization": .string("Bearer \(token ?? "")")] }
        }
        let events = (0..<20).map { _ in Collector(transport.subscribe(request(), options: RequestOptions())) }
        var server = try await connector.accept()
        #expect(try await server.expect("connection_init")["payload"] == ["authorization": "Bearer expired"])
        try await server.close(code: 4401, reason: "Unauthorized")
        server = try await connector.accept()
        #expect(try await server.acknowledge() == ["authorization": "Bearer fresh"])
        var ids: Set<String> = []
        for _ in 0..<20 { ids.insert(try await server.expectSubscribe()) }
        #expect(ids.count == 20)
        for id in ids { try await server.next(id, Int(id)!) }
        for collector in events { #expect(await collector.wait(for: 1).count == 1) }
        #expect(await tokens.refreshCount == 1)
        #expect(await transport.statistics.tokenRefreshes == 1)
    }

    @Test("rejected again after a refresh: the streams end with an unauthorized GraftError naming the code")
    func rejectedTwice() async throws {
        let tokens = TokenRefreshCoordinator(token: "expired") { _ in "still-bad" }
        let (transport, connector) = makeTransport { $0.tokens = tokens }
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        for _ in 0..<2 {
            let server = try await connector.accept()
            _ = try await server.expect("connection_init")
            try await server.close(code: 4403, reason: "Forbidden")
        }
        await events.waitForEnd()
        let error = try #require(events.error as? GraftError)
        #expect(error.code == .unauthorized)
        #expect(error.message.contains("4403"))
        #expect(await tokens.refreshCount == 1)
    }

    @Test("HTTP 401 on the upgrade counts as a rejection too")
    func http401() async throws {
        let tokens = TokenRefreshCoordinator(token: "old") { _ in "new" }
        let (transport, connector) = makeTransport {
            $0.tokens = tokens
            $0.connectionPayload = { token in .string(token ?? "") }
        }
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        var iterator = connector.connections.makeAsyncIterator()
        let first = await iterator.next()!
        _ = try await ScriptedServer.accept(first) { _ in "HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n" }
        let server = try await ScriptedServer.accept(await iterator.next()!)
        #expect(try await server.acknowledge() == "new")
        try await server.next(try await server.expectSubscribe(), 1)
        #expect(values(await events.wait(for: 1)) == [1])
    }

    @Test("no connection_ack within the timeout: the client closes with 4408, retries, and fails after maxAttempts")
    func ackTimeout() async throws {
        let (transport, connector) = makeTransport {
            $0.ackTimeout = .milliseconds(50)
            $0.reconnect.maxAttempts = 1
        }
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        for _ in 0..<2 {
            let server = try await connector.accept()
            _ = try await server.expect("connection_init")
            guard case .close(let code, _)? = try await server.nextEvent() else { Issue.record("no close"); return }
            #expect(code == .connectionInitialisationTimeout)
        }
        await events.waitForEnd()
        let error = try #require(events.error as? GraftError)
        #expect(error.code == .timedOut)
        #expect(error.message.contains("connection_ack"))
        // The close that followed was the client's own: no "the server closed" beneath the timeout.
        #expect(!error.description.contains("the server closed"), "\(error)")
    }

    @Test("no pong in time: the client closes, reconnects and resubscribes")
    func heartbeat() async throws {
        let (transport, connector) = makeTransport {
            $0.keepAlive = KeepAlive(interval: .milliseconds(10), timeout: .milliseconds(30))
        }
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        var server = try await connector.accept()
        try await server.acknowledge()
        let id = try await server.expectSubscribe()
        _ = try await server.expect("ping")  // never answered
        guard case .close(let code, let reason)? = try await server.nextEvent() else { Issue.record("no close"); return }
        #expect(code == .goingAway && reason == "no pong")
        // The resubscription goes out right after the ack, before the new connection's first ping.
        // (Event delivery after a heartbeat failure: FaultServerWebSocketTests.latePongsPastTimeout.)
        server = try await connector.accept()
        try await server.acknowledge()
        #expect(try await server.expectSubscribe() == id)
        #expect(await transport.statistics.heartbeatFailures >= 1)
        #expect(!events.isFinished)
        events.cancel()
    }

    @Test("a prompt pong starts the next interval at once: a ping every interval, not every interval plus the timeout")
    func promptPongStartsTheNextInterval() async throws {
        let (transport, connector) = makeTransport {
            $0.keepAlive = KeepAlive(interval: .seconds(20), timeout: .seconds(10))
        }
        let sleeps = ManualSleeps()
        await transport.setHeartbeatSleep { await sleeps.sleep($0) }
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        let server = try await connector.accept()
        try await server.acknowledge()
        _ = try await server.expectSubscribe()
        for _ in 0..<2 {
            guard try await sleeps.release(.seconds(20)) else {  // the interval passes
                Issue.record("no wait of the interval began: the heartbeat still waits, \(await sleeps.pendingDurations)")
                events.cancel()
                return await sleeps.releaseAll()
            }
            _ = try await server.expect("ping")
            try await server.send(["type": "pong"])
        }
        // The third interval began with the second pong: no timeout had to pass first.
        #expect(try await sleeps.waitUntilPending(.seconds(20)))
        #expect(await sleeps.released == [.seconds(20), .seconds(20)])
        #expect(await transport.statistics.heartbeatFailures == 0)
        events.cancel()
        await sleeps.releaseAll()
    }

    @Test("pause closes the socket and keeps the stream; resume reconnects and resubscribes")
    func pauseResume() async throws {
        let (transport, connector) = makeTransport()
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        var server = try await connector.accept()
        try await server.acknowledge()
        let id = try await server.expectSubscribe()
        try await server.next(id, 1)
        #expect(values(await events.wait(for: 1)) == [1])
        await transport.pause()
        guard case .close(let code, _)? = try await server.nextEvent() else { Issue.record("no close"); return }
        #expect(code == .normalClosure)
        #expect(!events.isFinished)
        #expect(connector.connectCount == 1)
        await transport.resume()
        server = try await connector.accept()
        try await server.acknowledge()
        #expect(try await server.expectSubscribe() == id)
        try await server.next(id, 2)
        #expect(values(await events.wait(for: 2)) == [1, 2])
        #expect(await transport.statistics.resubscriptions == 1)
    }

    @Test("backoff grows exponentially, with jitter inside its bounds, and never past maxDelay")
    func backoff() {
        let policy = ReconnectPolicy(initialDelay: .milliseconds(100), multiplier: 2, maxDelay: .seconds(1), jitter: 0.5)
        var generator = SystemRandomNumberGenerator()
        var longest = 0.0
        for attempt in 1...8 {
            let base = min(0.1 * pow(2, Double(attempt - 1)), 1)
            for _ in 0..<50 {
                let (seconds, attoseconds) = policy.delay(forAttempt: attempt, using: &generator).components
                let delay = Double(seconds) + Double(attoseconds) / 1e18
                #expect(delay >= base * 0.5 - 1e-6 && delay <= min(base * 1.5, 1) + 1e-6, "attempt \(attempt): \(delay) s")
                longest = max(longest, delay)
            }
        }
        // The cap holds after the jitter: of 200 draws at the cap, about half reach it.
        #expect(longest == 1)
        let exact = ReconnectPolicy(initialDelay: .milliseconds(100), jitter: 0)
        #expect(exact.delay(forAttempt: 3, using: &generator) == .milliseconds(400))
    }
}

/// Sleeps a test ends by hand: each records its duration and waits until released.
actor ManualSleeps {
    private var pending: [(duration: Duration, continuation: CheckedContinuation<Void, Never>)] = []
    /// The durations released so far, in order.
    private(set) var released: [Duration] = []
    /// The durations of the sleeps under way.
    var pendingDurations: [Duration] { pending.map(\.duration) }

    nonisolated func sleep(_ duration: Duration) async {
        await withCheckedContinuation { continuation in
            Task { await self.add(duration, continuation) }
        }
    }

    private func add(_ duration: Duration, _ continuation: CheckedContinuation<Void, Never>) {
        pending.append((duration, continuation))
    }

    /// Waits (within a bound on hangs) until a sleep of `duration` is pending; whether one was.
    func waitUntilPending(_ duration: Duration) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(300)
        while !pending.contains(where: { $0.duration == duration }) {
            guard ContinuousClock.now < deadline else { return false }
            try await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    /// Ends the first pending sleep of `duration`, once there is one; whether there was.
    func release(_ duration: Duration) async throws -> Bool {
        guard try await waitUntilPending(duration), let index = pending.firstIndex(where: { $0.duration == duration }) else { return false }
        let sleep = pending.remove(at: index)
        released.append(duration)
        sleep.continuation.resume()
        return true
    }

    /// Ends every pending sleep.
    func releaseAll() {
        for sleep in pending { sleep.continuation.resume() }
        pending = []
    }
}
