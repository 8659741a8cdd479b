extension Dictionary {
    /// Stores `value` under `key` unless the key is already present, hashing the key once.
    /// - Returns: the value already stored under `key`, or nil when `value` was stored.
    mutating func insertIfAbsent(_ value: @autoclosure () -> Value, for key: Key) -> Value? {
        var inserted = false
        // The defaulted subscript, accessed in place, inserts its default only when the key is new.
        let stored = Self.read(&self[key, default: { inserted = true; return value() }()])
        return inserted ? nil : stored
    }

    private static func read(_ slot: inout Value) -> Value { slot }
}
