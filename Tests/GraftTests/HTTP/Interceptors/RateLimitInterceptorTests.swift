import Foundation
@testable import Graft
import GraftTesting
import GraftTestSupport
import Synchronization
import Testing

@Suite("Rate limiting", .timingSensitive)
struct RateLimitInterceptorTests {
    @Test("waiting requests are served in arrival order")
    func ordering() async throws {
        // Time stands still until the test advances it, one permit at a time: every request is
        // queued before any is served, and each permit goes to exactly one waiter.
        let time = ManualTime()
        let bucket = TokenBucket(capacity: 1, refillPerSecond: 10, now: { time.now })
        let client = InterceptingHTTPClient(base: MockHTTPClient { _, _ in .json("{}") },
                                            interceptors: [RateLimitInterceptor(bucket: bucket)])
        let finished = Recorder<Int>()
        _ = try await client.send(TestSupport.request()) // empties the bucket
        var tasks: [Task<Void, any Error>] = []
        for index in 0..<6 {
            tasks.append(Task {
                _ = try await client.send(TestSupport.request("/\(index)"))
                await finished.append(index)
            })
            // Start the next request only once this one is queued, so arrival order is known.
            try await eventually { await bucket.waitingCount == index + 1 }
        }
        #expect(await finished.items.isEmpty)
        for served in 1...6 {
            time.advance(by: .milliseconds(100)) // one permit (the bucket holds at most one)
            try await eventually { await finished.items.count == served }
        }
        for task in tasks { try await task.value }
        #expect(await finished.items == Array(0..<6))
    }

    /// Polls `condition` until it holds; fails the test (rather than hanging it) after a minute.
    private func eventually(_ condition: () async -> Bool) async throws {
        for _ in 0..<60_000 {
            if await condition() { return }
            try await Task.sleep(for: .milliseconds(1))
        }
        Issue.record("the condition never held")
        throw CancellationError()
    }

    @Test("an empty bucket delays requests by its refill rate")
    func pacing() async throws {
        let client = InterceptingHTTPClient(base: MockHTTPClient { _, _ in .json("{}") },
                                            interceptors: [RateLimitInterceptor(capacity: 2, refillPerSecond: 20)])
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<6 { group.addTask { _ = try await client.send(TestSupport.request()) } }
            try await group.waitForAll()
        }
        let elapsed = ContinuousClock.now - start
        // Two go at once, four more need 4 x 50 ms of refill.
        #expect(elapsed >= .milliseconds(180))
    }

    @Test("fail-fast mode throws rateLimited when the bucket is empty")
    func failFast() async throws {
        let mock = MockHTTPClient { _, _ in .json("{}") }
        let client = InterceptingHTTPClient(base: mock, interceptors: [
            RateLimitInterceptor(capacity: 2, refillPerSecond: 0.01, mode: .failFast),
        ])
        _ = try await client.send(TestSupport.request())
        _ = try await client.send(TestSupport.request())
        let error = await #expect(throws: GraftError.self) {
            try await client.send(TestSupport.request(), context: RequestContext(operationName: "Feed"))
        }
        #expect(error?.code == .rateLimited)
        #expect(error?.operation == "Feed")
        #expect(mock.requests.count == 2)
    }

    @Test("a cancelled waiter leaves the queue with cancelled")
    func cancelWaiter() async throws {
        let bucket = TokenBucket(capacity: 1, refillPerSecond: 0.01)
        #expect(await bucket.tryAcquire())
        let task = Task { try await bucket.acquire() }
        while await bucket.waitingCount == 0 { try await Task.sleep(for: .milliseconds(1)) }
        task.cancel()
        let error = await #expect(throws: GraftError.self) { try await task.value }
        #expect(error?.code == .cancelled)
        #expect(await bucket.waitingCount == 0)
    }
}

/// A time source a test advances by hand.
final class ManualTime: Sendable {
    private let instant = Mutex(ContinuousClock.now)

    var now: ContinuousClock.Instant { instant.withLock { $0 } }

    func advance(by duration: Duration) { instant.withLock { $0 += duration } }
}
