/// Changes to apply to a storage in one merge: per record, fields to set or remove, and whether the
/// record is removed first. Normalizing a response produces one; transactions and optimistic
/// layers build them too.
public struct RecordSet: Sendable {
    /// The changes of one record.
    public struct Update: Sendable {
        /// Remove the stored record (all its fields) before applying `fields`.
        public var removesRecord: Bool
        /// Field key -> new value, or nil to remove the field.
        public var fields: [String: CacheValue?]

        /// Creates an update.
        public init(removesRecord: Bool = false, fields: [String: CacheValue?] = [:]) {
            self.removesRecord = removesRecord
            self.fields = fields
        }

        /// Sets `newFields` over the current ones (one dictionary when there were none).
        mutating func setFields(_ newFields: [String: CacheValue?]) {
            if fields.isEmpty {
                fields = newFields
            } else {
                fields.merge(newFields) { _, new in new }
            }
        }
    }

    /// The updates by record key.
    public var updates: [CacheKey: Update]

    /// An empty set.
    public init(updates: [CacheKey: Update] = [:]) {
        self.updates = updates
    }

    /// Whether nothing would change.
    public var isEmpty: Bool { updates.isEmpty }

    /// Sets one field.
    public mutating func set(_ key: CacheKey, _ field: String, _ value: CacheValue) {
        updates[key, default: Update()].fields[field] = .some(value)
    }

    /// Removes one field.
    public mutating func removeField(_ key: CacheKey, _ field: String) {
        updates[key, default: Update()].fields[field] = .some(nil)
    }

    /// Removes a whole record (later `set`s in this set recreate it).
    public mutating func removeRecord(_ key: CacheKey) {
        updates[key] = Update(removesRecord: true)
    }

    /// Applies `other` after `self`.
    public mutating func merge(_ other: RecordSet) {
        for (key, update) in other.updates {
            if update.removesRecord {
                updates[key] = update
            } else {
                updates[key, default: Update()].fields.merge(update.fields) { _, new in new }
            }
        }
    }

    /// The update of a record, if any.
    public subscript(key: CacheKey) -> Update? { updates[key] }
}
