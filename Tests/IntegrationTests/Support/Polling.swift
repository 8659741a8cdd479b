/// Waiting for something the servers or the client do in the background: the condition is checked
/// again every few milliseconds until it holds or `bound` has passed. The bound only stops a hang;
/// a loaded machine makes a test wait longer, never fail sooner.
enum Polling {
    /// How long a wait may last before the test goes on (and its expectations fail).
    static let bound: Duration = .seconds(300)

    /// Whether `condition` held before the bound (or before the task was cancelled).
    @discardableResult
    static func until(every interval: Duration = .milliseconds(10),
                      _ condition: () async throws -> Bool) async rethrows -> Bool {
        let deadline = ContinuousClock.now + bound
        while ContinuousClock.now < deadline, !Task.isCancelled {
            if try await condition() { return true }
            try? await Task.sleep(for: interval)
        }
        return try await condition()
    }
}
