@_spi(Generated) import GraftAPI

/// Read access inside `CacheStore.withinReadTransaction`: typed operations and fragments, and raw
/// records. Reads see committed records (not optimistic layers) plus, in a read-write
/// transaction, its own writes.
public class ReadTransaction {
    let storage: any RecordStorage
    let configuration: CacheConfiguration
    /// Writes not yet committed (read-write transactions).
    var pending = RecordSet()

    init(storage: any RecordStorage, configuration: CacheConfiguration) {
        self.storage = storage
        self.configuration = configuration
    }

    var source: RecordSource {
        RecordSource(storage: storage, overlays: pending.isEmpty ? [] : [pending], configuration: configuration)
    }

    /// An operation's data.
    public func read<Operation: GraphQLOperation>(_ operation: Operation) throws(CacheMiss) -> Operation.Data {
        try read(Operation.Data.self, at: .root(of: Operation.operationKind), variables: operation.variables)
    }

    /// A fragment (or any generated model) from the record `key`.
    public func read<Data: SelectionSet>(_ type: Data.Type, at key: CacheKey,
                                         variables: [String: JSONValue] = [:]) throws(CacheMiss) -> Data {
        storage.beginRead()
        defer { storage.endRead() }
        var reader = CacheReader(source: source, variables: variables, configuration: configuration, maxAge: nil,
                                 staleIsMiss: false, tracksDependencies: false)
        return try reader.read(type, at: key)
    }

    /// A record as a value, or nil.
    public func record(for key: CacheKey) throws(GraftError) -> Record? {
        storage.beginRead()
        defer { storage.endRead() }
        do {
            return try source.record(for: key)
        } catch {
            throw GraftError.cache(error)
        }
    }
}

/// Read-write access inside `CacheStore.withinReadWriteTransaction`. Writes are applied together
/// when the transaction's body returns.
public final class ReadWriteTransaction: ReadTransaction {
    /// Writes an operation's data.
    public func write<Operation: GraphQLOperation>(data: Operation.Data, for operation: Operation) throws(CacheMiss) {
        try write(data, at: .root(of: Operation.operationKind), variables: operation.variables)
    }

    /// Writes a fragment (or any generated model) into the record `key`.
    public func write<Data: SelectionSet>(_ data: Data, at key: CacheKey, variables: [String: JSONValue] = [:]) throws(CacheMiss) {
        var normalizer = Normalizer(variables: variables, configuration: configuration)
        try normalizer.write(data.__data.fields, as: Data.self, key: key)
        pending.merge(normalizer.records)
    }

    /// Changes a record by key: `body` gets the current record (empty when there is none) and
    /// may set or remove fields; removing every field removes the record.
    public func updateRecord(_ key: CacheKey, _ body: (inout Record) throws -> Void) throws {
        let current = try record(for: key) ?? Record(key: key)
        var updated = current
        try body(&updated)
        var changes = RecordSet()
        for (name, value) in updated.fields where current.fields[name] != value {
            changes.set(key, name, value)
        }
        for name in current.fields.keys where updated.fields[name] == nil {
            changes.removeField(key, name)
        }
        pending.merge(changes)
    }

    /// Removes a record.
    public func removeRecord(_ key: CacheKey) {
        var changes = RecordSet()
        changes.removeRecord(key)
        pending.merge(changes)
    }
}
