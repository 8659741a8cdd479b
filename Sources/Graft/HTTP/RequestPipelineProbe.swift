/// Counts what the request pipeline should do once per call, for tests that check it does: the
/// whole-call timers started and the request summaries built.
///
/// Bound with `RequestPipelineProbe.$current.withValue(probe) { ... }`, a probe sees only the calls
/// made inside that scope (child tasks and the tasks streams start included), so tests running
/// side by side don't count each other's requests. Unbound, counting costs one task-local read.
package final class RequestPipelineProbe: Sendable {
    /// The probe counting the current task's calls, if any.
    @TaskLocal package static var current: RequestPipelineProbe?

    private let counts = Locked((wholeCallTimers: 0, requestSummaries: 0))

    package init() {}

    /// How many whole-call timers were started.
    package var wholeCallTimers: Int { counts.withLock { $0.wholeCallTimers } }
    /// How many request summaries were built.
    package var requestSummaries: Int { counts.withLock { $0.requestSummaries } }

    static func wholeCallTimerStarted() {
        current?.counts.withLock { $0.wholeCallTimers += 1 }
    }

    static func requestSummaryBuilt() {
        current?.counts.withLock { $0.requestSummaries += 1 }
    }
}
