import Foundation

/// The selections of each generated class of the class shape (`SelectionSetObject`), built on
/// first use and kept for the life of the process: a lock and a dictionary lookup per read
/// (`NSLock` rather than `Synchronization.Mutex` keeps older Apple OSes supported).
final class SelectionCache: @unchecked Sendable {
    static let shared = SelectionCache()

    private let lock = NSLock()
    private var selections: [ObjectIdentifier: [Selection]] = [:]

    /// `type`'s selections: the kept ones, or `type.__makeSelections()`, built outside the lock
    /// (building one class's selections never reads another's, but a lock held across generated
    /// code would be a deadlock waiting for that to change). When two threads build the same
    /// class's at once, the first one kept is the one every caller gets.
    func selections(of type: SelectionSetObject.Type) -> [Selection] {
        let key = ObjectIdentifier(type)
        lock.lock()
        let kept = selections[key]
        lock.unlock()
        if let kept { return kept }
        let made = type.__makeSelections()
        lock.lock()
        defer { lock.unlock() }
        if let kept = selections[key] { return kept }
        selections[key] = made
        return made
    }
}
