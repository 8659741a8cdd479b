/// The selections of each generated class of the class shape (`SelectionSetObject`), built on
/// first use and kept for the life of the process: a lock and a dictionary lookup per read.
final class SelectionCache: Sendable {
    static let shared = SelectionCache()

    private let selections = Locked<[ObjectIdentifier: [Selection]]>([:])

    /// `type`'s selections: the kept ones, or `type.__makeSelections()`, built outside the lock
    /// (building one class's selections never reads another's, but a lock held across generated
    /// code would be a deadlock waiting for that to change). When two threads build the same
    /// class's at once, the first one kept is the one every caller gets.
    func selections(of type: SelectionSetObject.Type) -> [Selection] {
        let key = ObjectIdentifier(type)
        if let kept = selections.withLock({ $0[key] }) { return kept }
        let made = type.__makeSelections()
        return selections.withLock { selections in
            if let kept = selections[key] { return kept }
            selections[key] = made
            return made
        }
    }
}
