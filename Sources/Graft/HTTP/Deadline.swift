/// The whole-call deadline, the one place it is started and enforced.
///
/// A call's deadline is an instant in ``RequestContext/deadline``, set once by the layer the call
/// enters first (``HTTPTransport`` from `RequestOptions.timeout`, ``RESTClient`` or
/// ``InterceptingHTTPClient`` from ``RequestContext/timeout``) by ``withCallDeadline(_:timeout:operation:)``,
/// which also starts the call's one timer. Layers below find it set and start no timer over it: an
/// attempt's own limit (``RequestContext/attemptTimeout``, a ``TimeoutInterceptor``'s default, a
/// base client's) only runs a timer when it ends before the deadline (``withAttemptLimit(_:context:operation:)``).

extension RequestContext {
    /// What is left of the call's deadline, or nil when it has none; zero once it has passed.
    public var remainingTime: Duration? {
        deadline.map { max(.zero, ContinuousClock.now.duration(to: $0)) }
    }

    /// The limit of a timer above this layer that fired (the innermost, then the ones around it):
    /// the work below is being cancelled because that timeout passed. Nil when none fired.
    var timerAboveFired: Duration? {
        var timer = timerAbove
        while let current = timer {
            if current.fired { return current.timeout }
            timer = current.enclosing
        }
        return nil
    }
}

/// Whether a timer fired, shared with the layers below it through ``RequestContext/timerAbove``.
final class TimeoutTimerState: Sendable {
    /// The timer's limit.
    let timeout: Duration
    /// The timer around this one, if any.
    let enclosing: TimeoutTimerState?
    private let state = Locked(false)

    init(timeout: Duration, enclosing: TimeoutTimerState?) {
        self.timeout = timeout
        self.enclosing = enclosing
    }

    var fired: Bool { state.withLock { $0 } }

    func fire() { state.withLock { $0 = true } }
}

/// Runs `operation` under the call's whole-call deadline, the one timer a call passes.
///
/// When `context` has no deadline yet and there is a `timeout`, this layer is where the call
/// starts: the deadline becomes now + `timeout`, `operation` gets the context carrying it, and the
/// call fails with ``GraftError/Code/timedOut`` when it passes. When a layer above already set a
/// deadline (or there is no timeout), `operation` runs with `context` as it is, under no new timer.
func withCallDeadline<Value: Sendable>(_ context: RequestContext, timeout: Duration?,
                                       operation: @escaping @Sendable (RequestContext) async throws -> Value) async throws -> Value {
    guard context.deadline == nil, let timeout else { return try await operation(context) }
    var context = context
    let deadline = ContinuousClock.now.advanced(by: timeout)
    let timer = TimeoutTimerState(timeout: timeout, enclosing: context.timerAbove)
    context.deadline = deadline
    context.timerAbove = timer
    RequestPipelineProbe.wholeCallTimerStarted()
    return try await withTimer(until: deadline, reporting: timeout, firing: timer) { [context] in try await operation(context) }
}

/// Runs one attempt under `limit` (an attempt timeout: a ``TimeoutInterceptor``'s, a base
/// client's), shortened to what is left of the call's deadline.
///
/// An attempt that the limit would let run past the deadline gets no timer of its own: the call's
/// timer, started above it, ends it at the deadline. Only a limit that ends sooner starts one.
func withAttemptLimit<Value: Sendable>(_ limit: Duration?, context: RequestContext,
                                       operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
    try await withAttemptLimit(limit, passing: context) { _ in try await operation() }
}

/// ``withAttemptLimit(_:context:operation:)`` for a layer with layers below it: `operation` gets
/// `context`, with ``RequestContext/timerAbove`` set to the timer when one is started.
func withAttemptLimit<Value: Sendable>(_ limit: Duration?, passing context: RequestContext,
                                       operation: @escaping @Sendable (RequestContext) async throws -> Value) async throws -> Value {
    guard let limit else { return try await operation(context) }
    let end = ContinuousClock.now.advanced(by: limit)
    if let deadline = context.deadline, deadline <= end { return try await operation(context) }
    var context = context
    let timer = TimeoutTimerState(timeout: limit, enclosing: context.timerAbove)
    context.timerAbove = timer
    return try await withTimer(until: end, reporting: limit, firing: timer) { [context] in try await operation(context) }
}

/// Runs `operation`, failing with ``GraftError/Code/timedOut`` (saying `timeout`) at `end`.
///
/// On timeout the operation's task is cancelled (which cancels an underlying URLSession request)
/// and the error is thrown without waiting for the operation to finish unwinding beyond that.
/// Cancellation of the calling task cancels the operation too.
private func withTimer<Value: Sendable>(until end: ContinuousClock.Instant, reporting timeout: Duration,
                                        firing timer: TimeoutTimerState? = nil,
                                        operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
    try await withThrowingTaskGroup(of: Value?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(until: end, clock: .continuous)
            timer?.fire()
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
/// cancelled, runs `operation` under `timeout` shortened to the call's deadline
/// (``withAttemptLimit(_:context:operation:)``), and turns whatever it throws into a ``GraftError``
/// (``GraftError/wrapping(_:request:context:redactor:)``).
func performAttempt<Value: Sendable>(_ request: HTTPRequest, context: RequestContext, timeout: Duration?, redactor: Redactor,
                                     operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
    do {
        try Task.checkCancellation()
        return try await withAttemptLimit(timeout, context: context, operation: operation)
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
