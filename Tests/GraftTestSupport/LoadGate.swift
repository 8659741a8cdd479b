import Testing

/// Keeps tests that wait on clocks away from tests that load the whole machine. All test targets
/// run in one process, in parallel; a nested clean `swift build` (PluginTests) holds both cores of
/// a small machine for a minute, and a test waiting for a server or a timeout beside it can miss its
/// deadline. Timing-sensitive tests hold the gate shared, heavy ones exclusively; a heavy test waits
/// for the shared holders to finish and keeps new ones waiting until it is done.
public actor LoadGate {
    /// The one gate of the test process.
    public static let process = LoadGate()

    private var sharedHolders = 0
    private var exclusiveHeld = false
    private var exclusiveWaiting = 0
    private var sharedQueue: [CheckedContinuation<Void, Never>] = []
    private var exclusiveQueue: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` beside other shared holders, never beside an exclusive one.
    public func shared<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        while exclusiveHeld || exclusiveWaiting > 0 { await withCheckedContinuation { sharedQueue.append($0) } }
        sharedHolders += 1
        defer {
            sharedHolders -= 1
            if sharedHolders == 0 { wakeNext() }
        }
        return try await body()
    }

    /// Runs `body` alone among the gate's holders.
    public func exclusive<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        exclusiveWaiting += 1
        while exclusiveHeld || sharedHolders > 0 { await withCheckedContinuation { exclusiveQueue.append($0) } }
        exclusiveWaiting -= 1
        exclusiveHeld = true
        defer {
            exclusiveHeld = false
            wakeNext()
        }
        return try await body()
    }

    /// Wakes a waiting exclusive holder if there is one, else every waiting shared holder.
    private func wakeNext() {
        if !exclusiveQueue.isEmpty {
            exclusiveQueue.removeFirst().resume()
        } else {
            let waiting = sharedQueue
            sharedQueue.removeAll()
            for continuation in waiting { continuation.resume() }
        }
    }
}

/// The trait behind ``Testing/Trait/timingSensitive`` and ``Testing/Trait/loadsTheMachine``.
public struct LoadGateTrait: SuiteTrait, TestTrait, TestScoping {
    /// Whether the tests hold the gate exclusively.
    let exclusive: Bool

    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> LoadGateTrait? {
        testCase == nil ? nil : self
    }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        if exclusive {
            try await LoadGate.process.exclusive(function)
        } else {
            try await LoadGate.process.shared(function)
        }
    }
}

extension Trait where Self == LoadGateTrait {
    /// Tests that wait for servers, timeouts or back-off: never run beside `loadsTheMachine` tests.
    public static var timingSensitive: Self { LoadGateTrait(exclusive: false) }
    /// Tests that hold every core (nested builds): run alone among gated tests.
    public static var loadsTheMachine: Self { LoadGateTrait(exclusive: true) }
}
