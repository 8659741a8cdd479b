/// Runs `operation`, failing with ``GraftError/Code/timedOut`` if it takes longer than `timeout`.
///
/// On timeout the operation's task is cancelled (which cancels an underlying URLSession request)
/// and the error is thrown without waiting for the operation to finish unwinding beyond that.
/// Cancellation of the calling task cancels the operation too.
func withDeadline<Value: Sendable>(_ timeout: Duration,
                                   operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
    try await withThrowingTaskGroup(of: Value?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: timeout)
            return nil
        }
        defer { group.cancelAll() }
        do {
            guard let first = try await group.next(), let value = first else {
                if Task.isCancelled { throw GraftError.cancelled() }
                throw GraftError.timedOut(after: timeout)
            }
            return value
        } catch is CancellationError {
            throw GraftError.cancelled()
        }
    }
}
