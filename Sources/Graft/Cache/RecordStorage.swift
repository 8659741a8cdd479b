/// Where a `CacheStore` keeps its records: `InMemoryRecordStorage`, or `SQLiteRecordStorage` from
/// GraftSQLite. A storage belongs to one store, which calls it from its actor only, one call at a
/// time; it need not be thread-safe.
///
/// Reads go through handles so that a record is found once and its fields are then read cheaply:
/// a handle stays valid until the next mutating call or the next `beginRead()`.
public protocol RecordStorage: AnyObject {
    /// Called before each read operation (a storage may drop per-read scratch state here, and a
    /// persistent one may open a read transaction).
    func beginRead()

    /// Called after a read operation that began with `beginRead()` (a persistent storage ends the
    /// read transaction it opened there).
    func endRead()

    /// The handle of the record with `key`, or nil when there is none.
    func handle(for key: CacheKey) throws -> Int?

    /// A hint that the records `values` reference (a list's items) are about to be located with
    /// `handle(for:)`, in this order: a persistent storage may load them with one query. Storages
    /// that find records cheaply ignore it (the default).
    func prefetch(_ values: [CacheValue])

    /// A field of a located record, or nil when the record has no such field.
    func field(_ name: String, of handle: Int) -> StoredField?

    /// Every field of a located record.
    func fields(of handle: Int) -> [(name: String, field: StoredField)]

    /// Applies a set of changes atomically (persistent storages use one transaction) and returns
    /// exactly the fields whose value changed, appeared or disappeared. Rewriting a field with an
    /// equal value only renews its `receivedAt`.
    func merge(_ changes: RecordSet, receivedAt: CacheTimestamp) throws -> [CacheFieldRef]

    /// Removes records; returns their fields as changed.
    func removeRecords(_ keys: [CacheKey]) throws -> [CacheFieldRef]

    /// Every record key.
    func allKeys() throws -> [CacheKey]

    /// The number of records.
    func recordCount() throws -> Int

    /// Up to `count` keys that should go first when the store is over its size cap: least
    /// recently used (or, for storages that don't track reads, least recently written).
    func evictionCandidates(_ count: Int, excluding protected: Set<CacheKey>) throws -> [CacheKey]

    /// Removes every record.
    func removeAll() throws
}

extension RecordStorage {
    public func beginRead() {}

    public func endRead() {}

    public func prefetch(_ values: [CacheValue]) {}

    /// The record with `key` as a value, or nil.
    public func record(for key: CacheKey) throws -> Record? {
        guard let handle = try handle(for: key) else { return nil }
        var fields: [String: CacheValue] = [:]
        for (name, field) in self.fields(of: handle) { fields[name] = field.value }
        return Record(key: key, fields: fields)
    }
}
