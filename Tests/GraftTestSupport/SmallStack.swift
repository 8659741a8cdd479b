import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Code run on threads with the stack Apple platforms give secondary threads and Swift's
/// cooperative pool (512 KB), so a test shows that a walk of deep data fits there; Linux gives
/// 8 MB, where an unbounded recursion goes much further before it crashes.
public enum SmallStack {
    /// The stack size, in bytes.
    public static let size = 512 * 1024

    /// Runs `body` on a new thread with a stack of ``size`` bytes and returns what it returns.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try body() }) }
            thread.stackSize = size
            thread.start()
        }
    }

    /// The size of the calling thread's stack, where the platform says (Linux); nil elsewhere.
    public static func currentThreadStackSize() -> Int? {
        #if canImport(Glibc)
        // glibc's `pthread_getattr_np` is declared only with _GNU_SOURCE, which the Glibc module lacks.
        typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "pthread_getattr_np") else { return nil }
        var attributes = pthread_attr_t()
        guard unsafeBitCast(symbol, to: GetAttributes.self)(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var stackSize = 0
        guard pthread_attr_getstacksize(&attributes, &stackSize) == 0 else { return nil }
        return stackSize
        #else
        return nil
        #endif
    }
}

/// A task executor running its jobs one at a time on one thread with a ``SmallStack/size`` stack:
/// with `withTaskExecutorPreference`, the async code of a task (and of the default actors it
/// calls) runs there. Unstructured tasks the code starts do not inherit it.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public final class SmallStackExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false

    /// Starts the executor's thread; ``shutdown()`` ends it once its jobs have run.
    public init() {
        let thread = Thread { [self] in runJobs() }
        thread.stackSize = SmallStack.size
        thread.start()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    /// Lets the thread end after the jobs already queued.
    public func shutdown() {
        condition.withLock {
            stopped = true
            condition.signal()
        }
    }

    private func runJobs() {
        while true {
            let next: UnownedJob? = condition.withLock {
                while jobs.isEmpty && !stopped { condition.wait() }
                return jobs.isEmpty ? nil : jobs.removeFirst()
            }
            guard let next else { return }
            next.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
