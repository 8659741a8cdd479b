/// Garbage collection (records unreachable from the root records), eviction by key, and the size cap.
extension CacheStore {
    /// Removes every record that cannot be reached from `ROOT_QUERY`, `ROOT_MUTATION` or
    /// `ROOT_SUBSCRIPTION` (or from an optimistic layer); returns the removed keys, sorted.
    /// A damaged record is collected too (its references can't be followed).
    @discardableResult
    public func collectGarbage() throws(GraftError) -> [CacheKey] {
        storage.beginRead()
        defer { storage.endRead() }
        var reachable: Set<CacheKey> = []
        var pending: [CacheKey] = Array(CacheKey.roots)
        for layer in optimisticLayers {
            for (key, update) in layer.records.updates {
                pending.append(key)
                for value in update.fields.values { value?.forEachReference { pending.append($0) } }
            }
        }
        let garbage = try guarded {
            while let key = pending.popLast() {
                guard reachable.insert(key).inserted else { continue }
                let handle: Int?
                do {
                    handle = try storage.handle(for: key)
                } catch is DamagedRecordError {
                    reachable.remove(key)
                    continue
                }
                guard let handle else { continue }
                for (_, field) in storage.fields(of: handle) {
                    field.value.forEachReference { if !reachable.contains($0) { pending.append($0) } }
                }
            }
            return try storage.allKeys().filter { !reachable.contains($0) }.sorted()
        }
        if !garbage.isEmpty { try removeRecords(garbage) }
        return garbage
    }

    /// Evicts records by key (watchers that read them are notified and refetch).
    public func evict(_ keys: [CacheKey]) throws(GraftError) {
        try removeRecords(keys)
    }

    /// Evicts least recently used records beyond `configuration.maxRecordCount` (never the roots).
    func enforceSizeCap() throws -> [CacheFieldRef] {
        guard let cap = configuration.maxRecordCount else { return [] }
        let excess = try storage.recordCount() - cap
        guard excess > 0 else { return [] }
        let victims = try storage.evictionCandidates(excess, excluding: CacheKey.roots)
        return try storage.removeRecords(victims)
    }
}
