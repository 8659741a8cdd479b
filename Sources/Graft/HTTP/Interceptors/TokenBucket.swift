/// A token bucket: holds up to `capacity` permits and gains `refillPerSecond` per second.
///
/// ``acquire()`` takes a permit, waiting when none is left; waiters are served strictly in the
/// order they arrived. ``tryAcquire()`` takes one only if available now. A waiting task that is
/// cancelled leaves the queue and throws ``GraftError/Code/cancelled``.
public actor TokenBucket {
    /// The most permits the bucket holds.
    public let capacity: Double
    /// Permits gained per second.
    public let refillPerSecond: Double
    private var permits: Double
    private var lastRefill: ContinuousClock.Instant
    private var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
    private var nextWaiterID: UInt64 = 0
    private var drainer: Task<Void, Never>?
    /// The time permits accrue by: the continuous clock, or one a test advances by hand.
    private let now: @Sendable () -> ContinuousClock.Instant

    /// Creates a full bucket.
    public init(capacity: Int, refillPerSecond: Double) {
        self.init(capacity: capacity, refillPerSecond: refillPerSecond, now: { .now })
    }

    /// Creates a full bucket whose permits accrue by `now` (tests hold time still and advance it).
    init(capacity: Int, refillPerSecond: Double, now: @escaping @Sendable () -> ContinuousClock.Instant) {
        precondition(capacity >= 1 && refillPerSecond > 0, "a token bucket needs capacity >= 1 and a positive rate")
        self.capacity = Double(capacity)
        self.refillPerSecond = refillPerSecond
        self.now = now
        permits = Double(capacity)
        lastRefill = now()
    }

    /// How many tasks are waiting for a permit.
    public var waitingCount: Int { waiters.count }

    /// Takes a permit if one is available now (and nobody is queued ahead).
    public func tryAcquire() -> Bool {
        refill()
        guard waiters.isEmpty, permits >= 1 else { return false }
        permits -= 1
        return true
    }

    /// Takes a permit, waiting in line until one is available.
    public func acquire() async throws {
        if tryAcquire() { return }
        let id = nextWaiterID
        nextWaiterID += 1
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: GraftError.cancelled())
                    return
                }
                waiters.append((id, continuation))
                startDrainingIfNeeded()
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    private func cancelWaiter(_ id: UInt64) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: GraftError.cancelled())
    }

    private func refill() {
        let instant = now()
        let elapsed = (instant - lastRefill).graftSeconds
        permits = min(capacity, permits + elapsed * refillPerSecond)
        lastRefill = instant
    }

    private func startDrainingIfNeeded() {
        guard drainer == nil else { return }
        drainer = Task { await self.drain() }
    }

    /// Hands out permits to waiters in order, sleeping until the next permit accrues.
    private func drain() async {
        while !waiters.isEmpty {
            refill()
            if permits >= 1 {
                permits -= 1
                waiters.removeFirst().continuation.resume()
                continue
            }
            let wait = (1 - permits) / refillPerSecond
            try? await Task.sleep(for: .graftSeconds(max(wait, 0.001)))
        }
        drainer = nil
    }
}
