import Foundation

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

    var items: [Element] { lock.withLock { elements } }
    var error: (any Error)? { lock.withLock { failure } }

    /// Waits until at least `count` elements arrived or the stream failed (``Polling/bound`` stops a
    /// hang); returns the elements.
    @discardableResult
    func wait(for count: Int) async -> [Element] {
        await Polling.until { items.count >= count || error != nil }
        return items
    }

    /// Lets pending work run, then returns the elements (to check that nothing more arrived).
    func settle() async -> [Element] {
        try? await Task.sleep(for: .milliseconds(300))
        return items
    }

    func cancel() { task?.cancel() }
}
