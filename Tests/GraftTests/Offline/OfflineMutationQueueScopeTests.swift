import Foundation
import Testing
@testable import Graft
import StarWarsAPI

/// Replay by scope over a transport that holds every request until the test answers it: entries of
/// different scopes are in flight together, never more than the limit, never two of one scope;
/// each scope's entries arrive in the order queued whatever order the answers come back in; and a
/// scope backing off does not hold the others up.
@Suite struct OfflineMutationQueueScopeTests {
    typealias Tests = OfflineMutationQueueTests

    /// Holds each request until ``answer(_:with:)``; ``waitUntilHeld(_:)`` waits on arrivals, not time.
    final class HoldingTransport: GraphQLTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var held: [(n: Int, reply: CheckedContinuation<GraphQLResponseBody, any Error>)] = []
        private var arrivals: [Int] = []
        private var waiters: [(count: Int, waiter: CheckedContinuation<Void, Never>)] = []

        /// The numbers of the requests held now, oldest first.
        var heldNumbers: [Int] { lock.withLock { held.map(\.n) } }
        /// Every request's number, in the order they arrived.
        var arrived: [Int] { lock.withLock { arrivals } }

        func execute(_ request: GraphQLRequest, options: RequestOptions) async throws -> GraphQLResponseBody {
            guard let n = Tests.number(request) else { throw GraftError(.transport, message: "no n") }
            return try await withCheckedThrowingContinuation { reply in
                let ready = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
                    held.append((n, reply))
                    arrivals.append(n)
                    let ready = waiters.filter { $0.count <= held.count }.map(\.waiter)
                    waiters.removeAll { $0.count <= held.count }
                    return ready
                }
                for waiter in ready { waiter.resume() }
            }
        }

        func subscribe(_ request: GraphQLRequest, options: RequestOptions) -> AsyncThrowingStream<GraphQLResponseBody, any Error> {
            AsyncThrowingStream { $0.finish() }
        }

        /// Returns once at least `count` requests are held.
        func waitUntilHeld(_ count: Int) async {
            await withCheckedContinuation { waiter in
                let now = lock.withLock { () -> Bool in
                    if held.count >= count { return true }
                    waiters.append((count, waiter))
                    return false
                }
                if now { waiter.resume() }
            }
        }

        /// Answers the held request numbered `n`.
        func answer(_ n: Int, with result: Result<GraphQLResponseBody, any Error> = .success(Tests.ok)) {
            let reply = lock.withLock { () -> CheckedContinuation<GraphQLResponseBody, any Error>? in
                guard let index = held.firstIndex(where: { $0.n == n }) else { return nil }
                return held.remove(at: index).reply
            }
            reply?.resume(with: result)
        }
    }

    /// The scope of review `n` when reviews are spread over `scopes` scopes.
    static func scope(_ n: Int, of scopes: Int) -> String { "scope-\(n % scopes)" }

    @Test func twoScopesAreInFlightAtOnceAndOneScopeWaitsForItsFirst() async throws {
        let transport = HoldingTransport()
        let monitor = ManualNetworkMonitor(.offline)
        let queue = try OfflineMutationQueue(client: GraphQLClient(transport: transport), monitor: monitor)
        await queue.start()
        try await queue.enqueue(Tests.review(1), scope: "a")
        try await queue.enqueue(Tests.review(2), scope: "a")
        try await queue.enqueue(Tests.review(3), scope: "b")
        try await queue.enqueue(Tests.review(4))
        let stream = await queue.events()
        let collecting = Task {
            await Tests.events(stream, until: { $0.filter { if case .delivered = $0 { true } else { false } }.count == 4 })
        }
        monitor.set(.online)

        // One from each scope (no scope is one too) is held by the server at the same time;
        // a's second waits for its first.
        await transport.waitUntilHeld(3)
        #expect(Set(transport.heldNumbers) == [1, 3, 4])
        #expect(await queue.lanes.inFlightCount == 3)
        transport.answer(3)
        transport.answer(4)
        transport.answer(1)
        await transport.waitUntilHeld(1)
        #expect(transport.heldNumbers == [2])
        transport.answer(2)
        let events = await collecting.value
        let delivered = events.compactMap { event -> Int? in if case .delivered(let entry, _) = event { Tests.number(entry.request) } else { nil } }
        #expect(delivered.filter { $0 <= 2 } == [1, 2])
        #expect(Set(delivered) == [1, 2, 3, 4])
        #expect(transport.arrived.count == 4)
        await queue.stop()
    }

    @Test func orderWithinEachScopeIsKeptWhateverOrderTheAnswersComeIn() async throws {
        // 30 reviews over 3 scopes, interleaved; at most 2 in flight. The test answers the
        // newest held request first, so answers come back out of the order sent.
        let (count, scopes, limit) = (30, 3, 2)
        let transport = HoldingTransport()
        let monitor = ManualNetworkMonitor(.offline)
        let queue = try OfflineMutationQueue(client: GraphQLClient(transport: transport), monitor: monitor,
                                             configuration: OfflineQueueConfiguration(maxConcurrentReplays: limit))
        await queue.start()
        var keys: [Int: String] = [:]
        for n in 1...count { keys[n] = try await queue.enqueue(Tests.review(n), scope: Self.scope(n, of: scopes)).id }
        let stream = await queue.events()
        let collecting = Task {
            await Tests.events(stream, until: { $0.filter { if case .delivered = $0 { true } else { false } }.count == count })
        }
        monitor.set(.online)

        var remaining = Dictionary(grouping: 1...count) { Self.scope($0, of: scopes) }.mapValues(\.count)
        for _ in 1...count {
            let busyScopes = remaining.values.filter { $0 > 0 }.count
            await transport.waitUntilHeld(min(limit, busyScopes))
            let held = transport.heldNumbers
            #expect(held.count == min(limit, busyScopes))
            #expect(Set(held.map { Self.scope($0, of: scopes) }).count == held.count, "two of one scope in flight: \(held)")
            let newest = try #require(held.last)
            remaining[Self.scope(newest, of: scopes), default: 0] -= 1
            transport.answer(newest)
        }
        let events = await collecting.value

        for scope in 0..<scopes {
            let expected = (1...count).filter { $0 % scopes == scope }
            #expect(transport.arrived.filter { $0 % scopes == scope } == expected)
            let delivered = events.compactMap { event -> Int? in
                if case .delivered(let entry, _) = event, entry.scope == "scope-\(scope)" { Tests.number(entry.request) } else { nil }
            }
            #expect(delivered == expected)
        }
        // Other scopes overtook: the arrivals as a whole are not in the order queued.
        #expect(transport.arrived != Array(1...count))
        let sentKeys = events.compactMap { event -> String? in if case .sent(let entry) = event { entry.id } else { nil } }
        #expect(Set(sentKeys) == Set(keys.values))
        #expect(await queue.pending.isEmpty)
        await queue.stop()
    }

    @Test func aScopeBackingOffDoesNotHoldUpTheOthers() async throws {
        // Scope "down" fails with 503 every time and backs off for a minute; "up" goes on meanwhile.
        let transport = Tests.ScriptedTransport { n, _ in
            if n <= 2 { throw GraftError(.graphQLErrors, message: "overloaded", statusCode: 503) }
            return Tests.ok
        }
        let monitor = ManualNetworkMonitor(.offline)
        let queue = try OfflineMutationQueue(client: GraphQLClient(transport: transport), monitor: monitor,
                                             configuration: OfflineQueueConfiguration(maxAttempts: 2, retryDelay: .seconds(60)))
        await queue.start()
        try await queue.enqueue(Tests.review(1), scope: "down")
        try await queue.enqueue(Tests.review(2), scope: "down")
        for n in 3...7 { try await queue.enqueue(Tests.review(n), scope: "up") }
        let stream = await queue.events()
        let collecting = Task {
            await Tests.events(stream, until: { events in
                events.filter { if case .delivered = $0 { true } else { false } }.count == 5
                    && events.contains { if case .failed = $0 { true } else { false } }
            })
        }
        monitor.set(.online)
        let events = await collecting.value
        #expect(transport.sent.map(\.n).filter { $0 > 2 } == [3, 4, 5, 6, 7])
        #expect(transport.sent.map(\.n).filter { $0 <= 2 } == [1], "review 2 must wait behind review 1's back-off")
        #expect(await queue.pending.map { Tests.number($0.request) } == [1, 2])
        let failed = events.compactMap { event -> Int? in if case .failed(let entry, _) = event { Tests.number(entry.request) } else { nil } }
        #expect(failed == [1])

        // The network comes back: the back-off ends, review 1 fails again and is dead-lettered,
        // then review 2 goes (and backs off in turn).
        let more = await queue.events()
        let second = Task {
            await Tests.events(more, until: { events in events.contains { if case .failed = $0 { true } else { false } } })
        }
        monitor.set(.offline)
        monitor.set(.online)
        let after = await second.value
        #expect(after.contains { if case .deadLettered(let entry, _) = $0 { Tests.number(entry.request) == 1 } else { false } })
        #expect(transport.sent.map(\.n).filter { $0 <= 2 } == [1, 1, 2])
        #expect(await queue.deadLetters.map { Tests.number($0.request) } == [1])
        await queue.stop()
    }
}
