import Observation

/// Follows what `read` reads of `@Observable` models through `withObservationTracking`, as SwiftUI
/// follows what a view's body reads: counts the changes observation reports (a view would be
/// redrawn once per change) and lets a test wait for the next one, without timing.
@MainActor
public final class ObservationProbe {
    /// Changes reported so far (counted when observation reports them, before the new value is set).
    public private(set) var changes = 0
    private let read: @MainActor () -> Void
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Starts tracking what `read` reads.
    public init(_ read: @escaping @MainActor () -> Void) {
        self.read = read
        track()
    }

    /// Returns once `count` changes in all have been reported (and the new values are set).
    public func wait(forChanges count: Int) async {
        guard changes < count else { return }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }

    private func track() {
        withObservationTracking { read() } onChange: { [weak self] in
            // Observation reports the change before the value is set: count and track again
            // on the main actor, after the setter returns.
            Task { @MainActor in self?.changed() }
        }
    }

    private func changed() {
        changes += 1
        track()
        let ready = waiters.filter { $0.count <= changes }
        waiters.removeAll { $0.count <= changes }
        for waiter in ready { waiter.continuation.resume() }
    }
}
