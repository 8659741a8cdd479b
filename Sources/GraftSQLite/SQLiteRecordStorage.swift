internal import CSQLite
import Graft
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A persistent `RecordStorage` on the system SQLite: one row per record (its fields in
/// `RecordCodec`'s binary form), write-ahead logging, one transaction per merge (a crash keeps
/// exactly the merges that committed), a schema version (a version-2 file is upgraded in place; a
/// database of another version is emptied and recreated: the cache can always be refetched),
/// `clear` and `vacuum`.
///
/// ```swift
/// let store = CacheStore(storage: try SQLiteRecordStorage(path: cacheURL.path))
/// ```
public final class SQLiteRecordStorage: RecordStorage {
    /// How hard SQLite works to make commits durable.
    public enum Durability: Sendable {
        /// Commits survive a crash of the app (`synchronous=NORMAL` with WAL); a power loss may
        /// lose the last commits, never corrupt the database.
        case normal
        /// Commits also survive a power loss (`synchronous=FULL`).
        case full
    }

    /// The version of the table layout this code writes (`PRAGMA user_version`). Version 2 dropped
    /// version 1's index on `used`: it cost every write an index update (an eighth of a merge),
    /// for eviction, which is rare and sorts the table instead. Version 3 keeps the write counter
    /// in a one-row table, `records_clock`: version 2 took it from `MAX(used)` at every open,
    /// which read the whole table before the first read.
    public static let schemaVersion: Int64 = 3

    let database: SQLiteDatabase
    let selectRecord: SQLiteStatement
    let deleteRecord: SQLiteStatement
    let advanceClock: SQLiteStatement
    let readClock: SQLiteStatement
    /// Records decoded for the current read; handles index it.
    @exclusivity(unchecked) var scratch: [[(name: String, field: StoredField)]] = []
    /// The bytes of the record being written (one buffer for every record).
    @exclusivity(unchecked) var encoded: [UInt8] = []
    /// Field names decoded recently, whose strings decoding reuses.
    @exclusivity(unchecked) var names = RecordCodec.NameCache()
    /// Records of lists loaded ahead for the current read, innermost list last (``prefetch(_:)``).
    @exclusivity(unchecked) var prefetched: [PrefetchedList] = []
    /// The keys of a batch query, end to end (bound without copies).
    @exclusivity(unchecked) var batchKeyBytes: [UInt8] = []
    /// The list queries, one per size in ``batchSizes``, prepared at open (``Opened``).
    let batchStatements: [SQLiteStatement]
    /// Records a merge has yet to write (``flushWrites()``).
    @exclusivity(unchecked) var pendingWrites = PendingWrites()
    /// Batch upserts by their number of records (powers of two).
    var upsertStatements: [Int: SQLiteStatement] = [:]
    /// The current merge's stamp for least-recently-written eviction (``nextTick()``).
    var tick: Int64 = 0
    /// Whether `beginRead()` opened a read transaction that `endRead()` (or the next write) ends.
    var inReadTransaction = false

    /// Opens (or creates) the database at `path` (or an SQLite URI such as `file:cache.sqlite?mode=ro`).
    ///
    /// A file that is not an SQLite database, or whose pages are damaged, is an error naming the
    /// file; with `recreatesDamagedDatabase` the file (and its `-wal` and `-shm` files) is deleted
    /// and an empty cache created instead. Any other failure to open is an error naming the file too.
    /// Every error is a `GraftError` with code `cache`.
    public init(path: String, durability: Durability = .normal, recreatesDamagedDatabase: Bool = false) throws(GraftError) {
        let opened: Opened
        do {
            opened = try Opened(path: path, durability: durability)
        } catch let error as SQLiteError where recreatesDamagedDatabase && error.isDamagedDatabase {
            for suffix in ["", "-wal", "-shm"] { _ = unlink(path + suffix) }
            do {
                opened = try Opened(path: path, durability: durability)
            } catch {
                throw Self.openingError(error, path: path)
            }
        } catch {
            throw Self.openingError(error, path: path)
        }
        database = opened.database
        selectRecord = opened.selectRecord
        deleteRecord = opened.deleteRecord
        advanceClock = opened.advanceClock
        readClock = opened.readClock
        batchStatements = opened.batchStatements
    }

    /// The query of one record's bytes by key (`graft-bench cache cold` runs it too, to time SQLite alone).
    package static let selectRecordSQL = "SELECT fields FROM records WHERE key = ?1"

    /// A connection with the table layout checked (or created) and the statements prepared. It
    /// reads the file's header and schema only: no statement here reads the records.
    ///
    /// Every statement a read runs is prepared here, both list queries too, so a read compiles no
    /// SQL. Compiled by a new process's first read, the 64-key list query was a third of that
    /// read's instructions and cost it about 0.1 ms (`graft-bench cache cold`); open takes about
    /// that much longer instead, and open plus first read stays the same.
    struct Opened {
        let database: SQLiteDatabase
        let selectRecord: SQLiteStatement
        let deleteRecord: SQLiteStatement
        let advanceClock: SQLiteStatement
        let readClock: SQLiteStatement
        let batchStatements: [SQLiteStatement]

        init(path: String, durability: Durability) throws {
            database = try SQLiteDatabase(path: path)
            try database.execute("PRAGMA journal_mode=WAL")
            try database.execute(durability == .full ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL")
            let version = try database.integer("PRAGMA user_version")
            if version == 2 {
                // Version 2's records are version 3's: only the counter table is new, made once
                // from the largest `used` (the one time the whole table is read).
                try database.execute("""
                    BEGIN IMMEDIATE;
                    CREATE TABLE IF NOT EXISTS records_clock (tick INTEGER NOT NULL);
                    DELETE FROM records_clock;
                    INSERT INTO records_clock (tick) SELECT COALESCE(MAX(used), 0) FROM records;
                    PRAGMA user_version = \(SQLiteRecordStorage.schemaVersion);
                    COMMIT;
                    """)
            } else if version != SQLiteRecordStorage.schemaVersion {
                try database.execute("""
                    BEGIN IMMEDIATE;
                    DROP TABLE IF EXISTS records;
                    DROP TABLE IF EXISTS records_clock;
                    CREATE TABLE records (key TEXT PRIMARY KEY NOT NULL, fields BLOB NOT NULL, used INTEGER NOT NULL) WITHOUT ROWID;
                    CREATE TABLE records_clock (tick INTEGER NOT NULL);
                    INSERT INTO records_clock (tick) VALUES (0);
                    PRAGMA user_version = \(SQLiteRecordStorage.schemaVersion);
                    COMMIT;
                    """)
            }
            selectRecord = try database.prepare(SQLiteRecordStorage.selectRecordSQL)
            deleteRecord = try database.prepare("DELETE FROM records WHERE key = ?1")
            advanceClock = try database.prepare("UPDATE records_clock SET tick = tick + 1")
            readClock = try database.prepare("SELECT tick FROM records_clock")
            var lists: [SQLiteStatement] = []
            for size in SQLiteRecordStorage.batchSizes {
                lists.append(try database.prepare(SQLiteRecordStorage.batchSQL(size)))
            }
            batchStatements = lists
        }
    }

    /// The error for a database that could not be opened, naming the file and the way out.
    static func openingError(_ error: any Error, path: String) -> GraftError {
        let reason = (error as? SQLiteError)?.message ?? "\(error)"
        let message = (error as? SQLiteError)?.isDamagedDatabase == true
            ? "the cache database \(path) is damaged (\(reason)); delete the file, or open it with "
                + "recreatesDamagedDatabase: true to start with an empty cache"
            : "cannot open the cache database \(path): \(reason)"
        return GraftError(.cache, message: message, underlying: error)
    }

    /// The schema version stored in the database file.
    public func storedSchemaVersion() throws(GraftError) -> Int64 {
        do { return try database.integer("PRAGMA user_version") } catch { throw GraftError.cache(error) }
    }

    /// Returns the free pages of the file to the system.
    public func vacuum() throws(GraftError) {
        endRead()
        do { try database.execute("VACUUM") } catch { throw GraftError.cache(error) }
    }

    /// Removes every record (`removeAll`).
    public func clear() throws(GraftError) {
        do { try removeAll() } catch { throw GraftError.cache(error) }
    }

    // MARK: RecordStorage

    /// Opens a read transaction for the read that follows: without one, SQLite takes and releases
    /// its file locks (fcntl system calls) around every record's SELECT, which was most of a read.
    /// A read transaction left open would pin the WAL, so reads end with `endRead()`, and
    /// every write ends an open one first.
    public func beginRead() {
        scratch.removeAll(keepingCapacity: true)
        prefetched.removeAll()
        endRead()
        inReadTransaction = (try? database.execute("BEGIN")) != nil
    }

    public func endRead() {
        guard inReadTransaction else { return }
        inReadTransaction = false
        try? database.execute("COMMIT")
    }

    public func handle(for key: CacheKey) throws -> Int? {
        if !prefetched.isEmpty, let handle = takePrefetched(key) { return handle }
        guard let fields = try loadList(key) else { return nil }
        scratch.append(fields)
        return scratch.count - 1
    }

    public func field(_ name: String, of handle: Int) -> StoredField? {
        // The last match: a damaged blob's repeated name reads as the dictionary form would.
        scratch[handle].last { $0.name == name }?.field
    }

    public func fields(of handle: Int) -> [(name: String, field: StoredField)] {
        scratch[handle]
    }

    public func merge(_ changes: RecordSet, receivedAt: CacheTimestamp) throws -> [CacheFieldRef] {
        scratch.removeAll(keepingCapacity: true)
        prefetched.removeAll()
        pendingWrites.removeAll()
        return try transaction {
            tick = try nextTick()
            var changed: [CacheFieldRef] = []
            let stored = try storedFields(of: changes)
            for (position, (key, update)) in changes.updates.enumerated() {
                guard let stored = stored[position] else {
                    try insert(key, update, receivedAt: receivedAt, changed: &changed)
                    continue
                }
                var fields = stored
                if update.removesRecord {
                    for name in fields.keys { changed.append(CacheFieldRef(key, name)) }
                    fields = [:]
                }
                var dirty = update.removesRecord
                for (name, value) in update.fields {
                    if let value {
                        let previous = fields.updateValue(StoredField(value: value, receivedAt: receivedAt), forKey: name)
                        if previous?.value != value { changed.append(CacheFieldRef(key, name)) }
                        dirty = true
                    } else if fields.removeValue(forKey: name) != nil {
                        changed.append(CacheFieldRef(key, name))
                        dirty = true
                    }
                }
                guard dirty else { continue }
                if fields.isEmpty {
                    deleteRecord.bind(key.rawValue, at: 1)
                    try deleteRecord.run()
                } else {
                    try write(key, fields.map { (name: $0.key, field: $0.value) })
                }
            }
            try flushWrites()
            return changed
        }
    }

    public func removeRecords(_ keys: [CacheKey]) throws -> [CacheFieldRef] {
        scratch.removeAll(keepingCapacity: true)
        prefetched.removeAll()
        return try transaction {
            var changed: [CacheFieldRef] = []
            for key in keys {
                let fields: [String: StoredField]?
                do {
                    fields = try load(key)
                } catch is DamagedRecordError {
                    fields = [:]  // removed all the same; its fields can't be named
                }
                guard let fields else { continue }
                for name in fields.keys { changed.append(CacheFieldRef(key, name)) }
                deleteRecord.bind(key.rawValue, at: 1)
                try deleteRecord.run()
            }
            return changed
        }
    }

    public func allKeys() throws -> [CacheKey] {
        endRead()
        let statement = try database.prepare("SELECT key FROM records")
        var keys: [CacheKey] = []
        while try statement.step() { keys.append(CacheKey(statement.text(at: 0))) }
        return keys
    }

    public func recordCount() throws -> Int {
        endRead()
        return Int(try database.integer("SELECT COUNT(*) FROM records"))
    }

    public func evictionCandidates(_ count: Int, excluding protected: Set<CacheKey>) throws -> [CacheKey] {
        endRead()
        let statement = try database.prepare("SELECT key FROM records ORDER BY used, key LIMIT ?1")
        statement.bind(Int64(count + protected.count), at: 1)
        var keys: [CacheKey] = []
        while keys.count < count, try statement.step() {
            let key = CacheKey(statement.text(at: 0))
            if !protected.contains(key) { keys.append(key) }
        }
        return keys
    }

    public func removeAll() throws {
        scratch.removeAll()
        prefetched.removeAll()
        endRead()
        try database.execute("DELETE FROM records")
    }

    // MARK: Helpers

    /// Writes the record `key`, which is not stored yet: every field the update sets is new.
    private func insert(_ key: CacheKey, _ update: RecordSet.Update, receivedAt: CacheTimestamp,
                        changed: inout [CacheFieldRef]) throws {
        var fields: [(name: String, field: StoredField)] = []
        fields.reserveCapacity(update.fields.count)
        for case (let name, let value?) in update.fields {
            fields.append((name, StoredField(value: value, receivedAt: receivedAt)))
            changed.append(CacheFieldRef(key, name))
        }
        guard !fields.isEmpty else { return }
        fields.sort { $0.name < $1.name }
        try write(key, fields)
    }

    /// Writes the record `key` with `fields` (distinct names), stamped with the current tick.
    /// (Queued with ``queueWrite(_:_:)``: the merge writes its records a batch at a time.)
    private func write(_ key: CacheKey, _ fields: [(name: String, field: StoredField)]) throws {
        RecordCodec.encode(fields, into: &encoded)
        try queueWrite(key, encoded)
    }

    /// The stored fields of the records `changes` updates (nil for new ones), in the order of
    /// `changes.updates`, loaded a batch at a time; a ``DamagedRecordError`` for the first that
    /// doesn't decode.
    private func storedFields(of changes: RecordSet) throws -> [[String: StoredField]?] {
        let keys = Array(changes.updates.keys)
        var stored = [[String: StoredField]?](repeating: nil, count: keys.count)
        try forEachStoredRecord(keys) { position, bytes in
            switch Result(catching: { () throws(RecordCodec.DecodingError) in try RecordCodec.decode(bytes) }) {
            case .success(let fields): stored[position] = fields
            case .failure(let error): throw DamagedRecordError(key: keys[position], reason: error.description)
            }
        }
        return stored
    }

    /// A record's fields from the database, or nil; a ``DamagedRecordError`` when they don't decode.
    func load(_ key: CacheKey) throws -> [String: StoredField]? {
        try withBlob(of: key) { bytes throws(RecordCodec.DecodingError) in try RecordCodec.decode(bytes) }
    }

    /// A record's fields in their stored order (for reads, which look up a few fields by name).
    func loadList(_ key: CacheKey) throws -> [(name: String, field: StoredField)]? {
        try withBlob(of: key) { bytes throws(RecordCodec.DecodingError) in try RecordCodec.decodeList(bytes, names: &names) }
    }

    /// Decodes the blob of the record `key` with `decode`, or nil when there is no such record.
    private func withBlob<T>(of key: CacheKey, _ decode: (UnsafeRawBufferPointer) throws(RecordCodec.DecodingError) -> T) throws -> T? {
        let decoded: Result<T, RecordCodec.DecodingError>? = try selectRecord.withText(key.rawValue, at: 1) {
            guard try selectRecord.step() else { return nil }
            return selectRecord.withBlob(at: 0) { bytes in Result { () throws(RecordCodec.DecodingError) in try decode(bytes) } }
        }
        switch decoded {
        case nil: return nil
        case .success(let fields)?: return fields
        case .failure(let error)?: throw DamagedRecordError(key: key, reason: error.description)
        }
    }

    /// Advances the write counter stored in the file and returns it. Called in the merge's
    /// transaction, so that connections writing the same file in turn stamp their merges in order.
    private func nextTick() throws -> Int64 {
        try advanceClock.run()
        defer { readClock.reset() }
        guard try readClock.step() else {
            throw SQLiteError(code: SQLITE_CORRUPT, message: "the records_clock table has no row")
        }
        return readClock.int64(at: 0)
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` ... `COMMIT` transaction, rolled back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        endRead()
        try database.execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try database.execute("COMMIT")
            return result
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
    }
}
