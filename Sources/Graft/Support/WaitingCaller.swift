/// A caller waiting for work it shares with others (a deduplicated query, a batch): where its
/// answer goes, or that it was cancelled before it started waiting, or that it has been answered.
/// Not locked itself: its owner reads and changes it under the owner's lock only.
final class WaitingCaller<Value: Sendable>: @unchecked Sendable {
    private enum State {
        case starting
        case waiting(CheckedContinuation<Value, any Error>)
        case cancelled
        case done
    }

    private var state = State.starting

    /// Whether the caller waits for an answer.
    var isWaiting: Bool {
        if case .waiting = state { return true }
        return false
    }

    /// Starts waiting on `continuation`; false (and the continuation untouched) when the caller was
    /// cancelled before: the owner answers it with a `CancellationError`.
    func wait(on continuation: CheckedContinuation<Value, any Error>) -> Bool {
        if case .cancelled = state { return false }
        state = .waiting(continuation)
        return true
    }

    /// The continuation to answer, once: nil when the caller no longer waits.
    func takeContinuation() -> CheckedContinuation<Value, any Error>? {
        guard case .waiting(let continuation) = state else { return nil }
        state = .done
        return continuation
    }

    /// Marks the caller cancelled: the continuation to answer with a `CancellationError` when it
    /// was waiting; nil when it had not started (it will not) or was already answered.
    func cancel() -> CheckedContinuation<Value, any Error>? {
        switch state {
        case .starting:
            state = .cancelled
            return nil
        case .waiting(let continuation):
            state = .done
            return continuation
        case .cancelled, .done:
            return nil
        }
    }
}
