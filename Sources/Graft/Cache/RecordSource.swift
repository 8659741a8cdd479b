/// What reads see: the storage, under overlays (optimistic layers, then a transaction's pending
/// writes), the top-most overlay winning.
struct RecordSource {
    /// A located record: its key and its storage handle (nil when only overlays have it).
    struct Located {
        let key: CacheKey
        let handle: Int?
    }

    let storage: any RecordStorage
    /// Overlays from the bottom up.
    let overlays: [RecordSet]
    /// The `receivedAt` of overlay values (they are as fresh as can be); without overlays the
    /// clock is not asked, and the stamp never read.
    let overlayStamp: CacheTimestamp

    init(storage: any RecordStorage, overlays: [RecordSet], configuration: CacheConfiguration) {
        self.storage = storage
        self.overlays = overlays
        self.overlayStamp = overlays.isEmpty ? CacheTimestamp(seconds: 0) : configuration.now
    }

    /// The record with `key`, or nil when neither the storage nor an overlay has it.
    func locate(_ key: CacheKey) throws -> Located? {
        let handle = try storage.handle(for: key)
        if overlays.isEmpty { return handle.map { Located(key: key, handle: $0) } }
        for overlay in overlays.reversed() {
            guard let update = overlay.updates[key] else { continue }
            if update.fields.values.contains(where: { $0 != nil }) { return Located(key: key, handle: handle) }
            if update.removesRecord { return nil }
        }
        return handle.map { Located(key: key, handle: $0) }
    }

    /// Tells the storage that the records of a list's items are read next (``RecordStorage/prefetch(_:)``).
    func prefetch(_ values: [CacheValue]) {
        storage.prefetch(values)
    }

    /// A field of a located record, or nil.
    @inline(__always)
    func field(_ name: String, of record: Located) -> StoredField? {
        if !overlays.isEmpty {
            for overlay in overlays.reversed() {
                guard let update = overlay.updates[record.key] else { continue }
                if let value = update.fields[name] {
                    return value.map { StoredField(value: $0, receivedAt: overlayStamp) }
                }
                if update.removesRecord { return nil }
            }
        }
        guard let handle = record.handle else { return nil }
        return storage.field(name, of: handle)
    }

    /// Every field of a record, overlays applied.
    func record(for key: CacheKey) throws -> Record? {
        guard let located = try locate(key) else { return nil }
        var names: Set<String> = []
        for overlay in overlays {
            if let fields = overlay.updates[key]?.fields { names.formUnion(fields.keys) }
        }
        if let handle = located.handle {
            for (name, _) in storage.fields(of: handle) { names.insert(name) }
        }
        var fields: [String: CacheValue] = [:]
        for name in names {
            if let field = field(name, of: located) { fields[name] = field.value }
        }
        return Record(key: key, fields: fields)
    }
}
