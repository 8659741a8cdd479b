import Foundation

/// A `CacheStore`'s storage as its actor and its synchronous readers (``CacheStore/readNow(_:maxAge:acceptsStale:)``)
/// share it: one lock around every storage call, held from `beginRead()` to `endRead()` and for
/// the whole of each write, so a reader on another thread (the main thread building a view) sees
/// the records before or after a write, never in between. The lock is recursive because the store
/// nests calls (a read that lists keys, a write that removes an optimistic layer and merges).
///
/// Beside the records it keeps what a reader needs from the actor — the optimistic layers and
/// the configuration — published by the actor under the same lock. Uncontended, the lock costs a
/// few tens of nanoseconds per read or write (not per field); a reader never waits for anything
/// but a write in progress, never for the network.
final class SharedRecordStorage: RecordStorage, @unchecked Sendable {
    private let lock = NSRecursiveLock()
    /// The storage itself: readers holding the lock call it directly.
    let base: any RecordStorage
    /// The optimistic layers' records, bottom first (read under the lock).
    private var overlays: [RecordSet] = []
    private var configuration: CacheConfiguration

    init(_ base: any RecordStorage, configuration: CacheConfiguration) {
        self.base = base
        self.configuration = configuration
    }

    /// Runs `body` holding the lock, so readers see none or all of what it changes.
    func exclusively<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Publishes the actor's optimistic layers to readers.
    func publish(overlays: [RecordSet]) {
        exclusively { self.overlays = overlays }
    }

    /// Publishes the actor's configuration to readers.
    func publish(configuration: CacheConfiguration) {
        exclusively { self.configuration = configuration }
    }

    /// The configuration the actor published last.
    var configurationNow: CacheConfiguration { exclusively { configuration } }

    /// Reads with a reader over the records and the published layers, holding the lock throughout.
    func withReader<T, E: Error>(variables: [String: JSONValue], maxAge: Duration?, staleIsMiss: Bool, tracking: Bool,
                                 adopting schema: SchemaMetadata?,
                                 _ body: (inout CacheReader) throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        base.beginRead()
        defer { base.endRead() }
        var configuration = configuration
        if configuration.schema == nil, let schema { configuration = configuration.adopting(schema) }
        var reader = CacheReader(source: RecordSource(storage: base, overlays: overlays, configuration: configuration),
                                 variables: variables, configuration: configuration, maxAge: maxAge,
                                 staleIsMiss: staleIsMiss, tracksDependencies: tracking)
        return try body(&reader)
    }

    // MARK: RecordStorage

    func beginRead() {
        lock.lock()
        base.beginRead()
    }

    func endRead() {
        base.endRead()
        lock.unlock()
    }

    func handle(for key: CacheKey) throws -> Int? { try base.handle(for: key) }

    func prefetch(_ values: [CacheValue]) { base.prefetch(values) }

    func field(_ name: String, of handle: Int) -> StoredField? { base.field(name, of: handle) }

    func fields(of handle: Int) -> [(name: String, field: StoredField)] { base.fields(of: handle) }

    func merge(_ changes: RecordSet, receivedAt: CacheTimestamp) throws -> [CacheFieldRef] {
        try exclusively { try base.merge(changes, receivedAt: receivedAt) }
    }

    func removeRecords(_ keys: [CacheKey]) throws -> [CacheFieldRef] {
        try exclusively { try base.removeRecords(keys) }
    }

    func allKeys() throws -> [CacheKey] { try exclusively { try base.allKeys() } }

    func recordCount() throws -> Int { try exclusively { try base.recordCount() } }

    func evictionCandidates(_ count: Int, excluding protected: Set<CacheKey>) throws -> [CacheKey] {
        try exclusively { try base.evictionCandidates(count, excluding: protected) }
    }

    func removeAll() throws { try exclusively { try base.removeAll() } }
}
