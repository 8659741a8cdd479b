import Foundation

/// A value guarded by a lock, for the few places where an actor hop isn't wanted (counters in
/// synchronous code, the class shape's selection cache). `NSLock` rather than
/// `Synchronization.Mutex` keeps older Apple OSes supported. Package-wide: GraftAPI and everything
/// above it use this one.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
