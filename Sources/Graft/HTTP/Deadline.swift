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

/// One attempt of an ``HTTPClient``, as every client runs it: fails at once when the task is
/// cancelled, runs `operation` under `timeout` when there is one, and turns whatever it throws
/// into a ``GraftError`` about `request`.
func performAttempt<Value: Sendable>(_ request: HTTPRequest, context: RequestContext, timeout: Duration?, redactor: Redactor,
                                     operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
    do {
        try Task.checkCancellation()
        if let timeout { return try await withDeadline(timeout, operation: operation) }
        return try await operation()
    } catch {
        throw GraftError.wrapping(error, request: request, context: context, redactor: redactor)
    }
}

extension HTTPBodyStream {
    /// A client's streamed body as callers get it: failures as ``GraftError``s about `request`, and
    /// `timeout` (when there is one) as the longest gap between chunks.
    func clientBody(for request: HTTPRequest, context: RequestContext, timeout: Duration?, redactor: Redactor) -> HTTPBodyStream {
        let streamed = relayed(mapError: { error in GraftError.wrapping(error, request: request, context: context, redactor: redactor) })
        return timeout.map { streamed.idleTimeout($0) } ?? streamed
    }
}
