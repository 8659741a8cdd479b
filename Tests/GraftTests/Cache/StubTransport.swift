import Foundation
import Graft

/// A transport that answers from a handler and counts requests.
final class StubTransport: GraphQLTransport {
    typealias Handler = @Sendable (GraphQLRequest) async throws -> GraphQLResponseBody

    private let handler: Handler
    private let counter = LockedCounter()

    init(_ handler: @escaping Handler) {
        self.handler = handler
    }

    /// Always answers `data`.
    convenience init(data: [String: JSONValue]) {
        self.init { _ in GraphQLResponseBody(data: .object(data)) }
    }

    /// Requests sent so far.
    var requestCount: Int { counter.value }

    func execute(_ request: GraphQLRequest, options: RequestOptions) async throws -> GraphQLResponseBody {
        counter.increment()
        return try await handler(request)
    }
}

/// A thread-safe counter.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    func increment() { lock.lock(); count += 1; lock.unlock() }
}

/// A settable clock for expiry tests.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSinceReferenceDate: 800_000_000)
    var now: Date { lock.lock(); defer { lock.unlock() }; return current }
    /// How many times ``askedNow()`` was called.
    var asked: Int { lock.lock(); defer { lock.unlock() }; return askedCount }
    private var askedCount = 0
    /// ``now``, counted in ``asked``.
    func askedNow() -> Date { lock.lock(); defer { lock.unlock() }; askedCount += 1; return current }
    func advance(by seconds: TimeInterval) { lock.lock(); current += seconds; lock.unlock() }
}

/// A one-shot gate a stub transport can wait on.
actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        waiters.forEach { $0.resume() }
        waiters = []
    }
}

/// Collects a stream's elements in the background so tests can wait for a count (with a
/// deadline) or check that nothing more arrived.
final class StreamCollector<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var elements: [Element] = []
    private var failure: (any Error)?
    private var task: Task<Void, Never>?

    init(_ stream: AsyncThrowingStream<Element, any Error>) {
        task = Task { [self] in
            do {
                for try await element in stream { lock.withLock { elements.append(element) } }
            } catch {
                lock.withLock { failure = error }
            }
        }
    }

    var items: [Element] { lock.lock(); defer { lock.unlock() }; return elements }
    var error: (any Error)? { lock.lock(); defer { lock.unlock() }; return failure }

    /// Waits until at least `count` elements arrived (or 5 seconds passed); returns the elements.
    @discardableResult
    func wait(for count: Int) async -> [Element] {
        for _ in 0..<500 where items.count < count && error == nil {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return items
    }

    /// Lets pending work run, then returns the elements (to check that nothing more arrived).
    func settle() async -> [Element] {
        try? await Task.sleep(for: .milliseconds(100))
        return items
    }

    func cancel() { task?.cancel() }
}
