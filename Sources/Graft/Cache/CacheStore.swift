import Foundation
@_spi(Generated) import GraftAPI

/// The normalized cache: records keyed by `CacheKey`, written from responses and read back into
/// typed models, with watchers, optimistic layers, expiry, garbage collection and a size cap.
/// In memory by default; pass `SQLiteRecordStorage` (GraftSQLite) to persist.
///
/// ```swift
/// let store = CacheStore()
/// let client = GraphQLClient(transport: transport, store: store)
/// for try await response in client.watch(HeroQuery()) { ... }
/// ```
///
/// Reads need no `await`: ``readNow(_:maxAge:acceptsStale:)`` answers on the caller's thread (a
/// view's first frame), sharing the records with the actor under a lock (`SharedRecordStorage`).
public actor CacheStore {
    /// The records, shared with synchronous readers.
    nonisolated let storage: SharedRecordStorage
    /// Keys, expiry and size cap. Without schema metadata, the store adopts the one named by the
    /// first generated operation it sees (``adoptSchema(of:)``).
    public private(set) var configuration: CacheConfiguration {
        didSet { storage.publish(configuration: configuration) }
    }
    /// Whether a disagreement between the configuration's schema and an operation's was reported.
    var reportedSchemaMismatch = false
    /// Optimistic layers, bottom first.
    var optimisticLayers: [(id: Int, records: RecordSet)] = [] {
        didSet { storage.publish(overlays: optimisticLayers.map(\.records)) }
    }
    var watchers: [Int: Watcher] = [:]
    /// The watchers that read each field (a watcher is found by what a write changed, not by
    /// asking every watcher).
    var watchersByField: [CacheFieldRef: Set<Int>] = [:]
    var nextIdentifier = 0
    /// How many times watchers re-read after a change (tests check that unrelated writes don't).
    package var watcherRefreshCount = 0

    /// An in-memory store.
    public init(configuration: CacheConfiguration = CacheConfiguration()) {
        self.storage = SharedRecordStorage(InMemoryRecordStorage(), configuration: configuration)
        self.configuration = configuration
    }

    /// A store over `storage` (for example an `SQLiteRecordStorage`), which it then owns.
    public init(storage: sending any RecordStorage, configuration: CacheConfiguration = CacheConfiguration()) {
        self.storage = SharedRecordStorage(storage, configuration: configuration)
        self.configuration = configuration
    }

    // MARK: Reading

    /// Reads an operation's data (`ROOT_QUERY` for queries). Stale fields are returned and reported
    /// unless `acceptsStale` is false, when they are misses.
    public func read<Operation: GraphQLOperation>(_ operation: Operation, maxAge: Duration? = nil,
                                                  acceptsStale: Bool = true) throws(CacheMiss) -> CacheReadResult<Operation.Data> {
        adoptSchema(of: Operation.self)
        return try readNow(operation, maxAge: maxAge, acceptsStale: acceptsStale)
    }

    /// Reads a selection set (a fragment, or any generated model) from the record `key`.
    public func read<Data: SelectionSet>(_ type: Data.Type, at key: CacheKey, variables: [String: JSONValue] = [:],
                                         maxAge: Duration? = nil, acceptsStale: Bool = true) throws(CacheMiss) -> CacheReadResult<Data> {
        try readNow(type, at: key, variables: variables, maxAge: maxAge, acceptsStale: acceptsStale)
    }

    /// ``read(_:maxAge:acceptsStale:)`` on the caller's thread, without `await` (for example on the
    /// main actor while a view is built). It waits only while a write is being applied, never for
    /// the network, and sees the records before or after each write, never halfway.
    public nonisolated func readNow<Operation: GraphQLOperation>(_ operation: Operation, maxAge: Duration? = nil,
                                                                 acceptsStale: Bool = true) throws(CacheMiss) -> CacheReadResult<Operation.Data> {
        try readNow(Operation.Data.self, at: .root(of: Operation.operationKind), variables: operation.variables,
                    maxAge: maxAge, acceptsStale: acceptsStale, schema: Operation.__schema)
    }

    /// ``read(_:at:variables:maxAge:acceptsStale:)`` on the caller's thread, without `await`.
    public nonisolated func readNow<Data: SelectionSet>(_ type: Data.Type, at key: CacheKey, variables: [String: JSONValue] = [:],
                                                        maxAge: Duration? = nil, acceptsStale: Bool = true) throws(CacheMiss) -> CacheReadResult<Data> {
        try readNow(type, at: key, variables: variables, maxAge: maxAge, acceptsStale: acceptsStale, schema: nil)
    }

    /// The key of the record a generated model's object is stored in (the configuration's key
    /// resolver, the type's key fields or `id`), or nil when it has none (no `__typename`, or no
    /// key fields selected).
    public nonisolated func cacheKey<Data: SelectionSet>(of data: Data) -> CacheKey? {
        let fields = data.__data.fields
        guard case .string(let typename)? = fields["__typename"] else { return nil }
        return Normalizer(variables: [:], configuration: storage.configurationNow).cacheKey(for: fields, typename: typename)
    }

    /// A read under the storage's lock; `schema` keys records when the store has not adopted one yet.
    nonisolated func readNow<Data: SelectionSet>(_ type: Data.Type, at key: CacheKey, variables: [String: JSONValue],
                                                 maxAge: Duration?, acceptsStale: Bool,
                                                 schema: SchemaMetadata?) throws(CacheMiss) -> CacheReadResult<Data> {
        try storage.withReader(variables: variables, maxAge: maxAge, staleIsMiss: !acceptsStale, tracking: false,
                               adopting: schema) { reader throws(CacheMiss) in
            let data = try reader.read(type, at: key)
            return CacheReadResult(data: data, isStale: reader.isStale, hasPendingDeferred: reader.hasPendingDeferred,
                                   errors: reader.fieldErrors)
        }
    }

    /// A record as a value (optimistic layers applied), or nil.
    public func record(for key: CacheKey) throws(GraftError) -> Record? {
        storage.beginRead()
        defer { storage.endRead() }
        return try guarded { try source(pending: nil).record(for: key) }
    }

    /// The number of records in the storage.
    public func recordCount() throws(GraftError) -> Int { try guarded { try storage.recordCount() } }

    /// Every record key in the storage, sorted.
    public func allKeys() throws(GraftError) -> [CacheKey] { try guarded { try storage.allKeys().sorted() } }

    // MARK: Writing
    //
    // Every throwing method below throws a `GraftError` with code `cache` when the storage fails
    // or the data does not fit its selections.

    /// Writes an operation's data (as the server would have answered it) and notifies watchers.
    public func write<Operation: GraphQLOperation>(data: Operation.Data, for operation: Operation) throws {
        adoptSchema(of: Operation.self)
        try publish(data.__data.fields, as: Operation.Data.self, at: .root(of: Operation.operationKind),
                    variables: operation.variables)
    }

    /// Writes a response's `data` object for an operation as it came from the server (no typed
    /// model needed); returns the fields that changed.
    @discardableResult
    public func write<Operation: GraphQLOperation>(responseData: [String: JSONValue], for operation: Operation) throws -> [CacheFieldRef] {
        adoptSchema(of: Operation.self)
        return try publish(responseData, as: Operation.Data.self, at: .root(of: Operation.operationKind), variables: operation.variables)
    }

    /// Writes a fragment (or any generated model) into the record `key`.
    public func write<Data: SelectionSet>(_ data: Data, at key: CacheKey, variables: [String: JSONValue] = [:]) throws {
        try publish(data.__data.fields, as: Data.self, at: key, variables: variables)
    }

    /// Adopts the schema metadata `Operation` names when the configuration has none, so records are
    /// keyed by the schema's key fields without extra wiring; when the configuration has another,
    /// says so once on standard error (records of types whose key fields differ are then keyed by
    /// the configuration, which can split one object into several records).
    public func adoptSchema<Operation: GraphQLOperation>(of operation: Operation.Type) {
        guard let schema = Operation.__schema else { return }
        guard let current = configuration.schema else {
            configuration = configuration.adopting(schema)
            return
        }
        if current != schema && !reportedSchemaMismatch {
            reportedSchemaMismatch = true
            let message = "Graft: warning: the CacheStore's schema metadata differs from that of \(Operation.operationName)'s "
                + "module; records are keyed by the store's configuration\n"
            FileHandle.standardError.write(Data(message.utf8))
        }
    }

    /// Normalizes response JSON and merges it as one change; returns the fields that changed.
    @discardableResult
    func publish(_ fields: [String: JSONValue], as type: any SelectionSet.Type, at key: CacheKey,
                 variables: [String: JSONValue], excludingWatcher: Int? = nil,
                 cacheControl: CacheControl? = nil) throws(GraftError) -> [CacheFieldRef] {
        var normalizer = Normalizer(variables: variables, configuration: configuration)
        try guarded {
            try normalizer.write(fields, as: type, key: key)
            try mergePages(normalizer.pages, into: &normalizer.records)
            if configuration.usesCacheControl { try stampExpiries(&normalizer.records, freshFor: cacheControl?.freshLifetime) }
        }
        return try commit(normalizer.records, excludingWatcher: excludingWatcher)
    }

    /// Records, in each record written, when the fields written expire: `seconds` from now, or
    /// (nil) never, which removes their expiry (``CacheConfiguration/expiriesField``).
    func stampExpiries(_ records: inout RecordSet, freshFor seconds: Int?) throws {
        let expiresAt = seconds.map { CacheValue.int(Int(configuration.now.seconds) + min($0, Int(UInt32.max))) }
        storage.beginRead()
        defer { storage.endRead() }
        for (key, update) in records.updates where !update.fields.isEmpty {
            var expiries: [String: CacheValue] = [:]
            if !update.removesRecord, let handle = try storage.handle(for: key),
               case .object(let stored)? = storage.field(CacheConfiguration.expiriesField, of: handle)?.value {
                expiries = stored
            }
            let before = expiries
            for name in update.fields.keys where name != CacheConfiguration.expiriesField { expiries[name] = expiresAt }
            guard expiries != before else { continue }
            records.updates[key]?.fields[CacheConfiguration.expiriesField] = .some(expiries.isEmpty ? nil : .object(expiries))
        }
    }

    /// Merges changes into the storage as one change, applies the size cap, notifies watchers once.
    @discardableResult
    /// `before` runs in the same change (readers see neither without the other): removing an
    /// optimistic layer that the changes replace.
    func commit(_ changes: RecordSet, excludingWatcher: Int? = nil,
                alsoChanged: [CacheFieldRef] = [], before: () -> Void = {}) throws(GraftError) -> [CacheFieldRef] {
        var changed = alsoChanged
        try storage.exclusively { () throws(GraftError) in
            before()
            guard !changes.isEmpty else { return }
            let merged = try guarded { try storage.merge(changes, receivedAt: configuration.now) }
            if changed.isEmpty { changed = merged } else { changed += merged }
            changed += try guarded { try enforceSizeCap() }
        }
        notifyWatchers(changed, excluding: excludingWatcher)
        return changed
    }

    /// Removes records (and notifies watchers that read them).
    public func removeRecords(_ keys: [CacheKey]) throws(GraftError) {
        notifyWatchers(try guarded { try storage.removeRecords(keys) }, excluding: nil)
    }

    /// Removes one record.
    public func removeRecord(_ key: CacheKey) throws {
        try removeRecords([key])
    }

    /// Removes every record (and optimistic layer); watchers are notified.
    public func clear() throws(GraftError) {
        var changed: [CacheFieldRef] = []
        do {
            // One read for every record (a persistent storage takes its locks once, not per key).
            storage.beginRead()
            defer { storage.endRead() }
            for key in try guarded({ try storage.allKeys() }) {
                // A damaged record is removed with the rest; its fields can't be named.
                guard let handle = try? storage.handle(for: key) else { continue }
                for (name, _) in storage.fields(of: handle) { changed.append(CacheFieldRef(key, name)) }
            }
        }
        for layer in optimisticLayers { changed += CacheStore.fieldRefs(of: layer.records) }
        try storage.exclusively { () throws(GraftError) in
            optimisticLayers = []
            try guarded { try storage.removeAll() }
        }
        notifyWatchers(changed, excluding: nil)
    }

    // MARK: Transactions

    /// Runs `body` with read access to a consistent view of the records.
    public func withinReadTransaction<T: Sendable>(_ body: @Sendable (ReadTransaction) throws -> T) throws -> T {
        let transaction = ReadTransaction(storage: storage, configuration: configuration)
        return try body(transaction)
    }

    /// Runs `body` with read-write access; its writes apply together when it returns (one change,
    /// one emission per watcher) and are dropped when it throws.
    public func withinReadWriteTransaction<T: Sendable>(_ body: @Sendable (ReadWriteTransaction) throws -> T) throws -> T {
        let transaction = ReadWriteTransaction(storage: storage, configuration: configuration)
        let result = try body(transaction)
        try commit(transaction.pending)
        return result
    }

    // MARK: Helpers

    /// The records under the optimistic layers and `pending`; the caller holds a read
    /// (`storage.beginRead()`).
    func source(pending: RecordSet?) -> RecordSource {
        var overlays = optimisticLayers.map(\.records)
        if let pending { overlays.append(pending) }
        return RecordSource(storage: storage.base, overlays: overlays, configuration: configuration)
    }

    /// Every field a record set touches.
    static func fieldRefs(of records: RecordSet) -> [CacheFieldRef] {
        var refs: [CacheFieldRef] = []
        for (key, update) in records.updates {
            for name in update.fields.keys { refs.append(CacheFieldRef(key, name)) }
        }
        return refs
    }
}
