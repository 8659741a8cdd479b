import Foundation
import Graft

/// An ``HTTPCacheStorage`` on the system SQLite, so an ``HTTPResponseCache`` keeps its responses
/// across launches: one row per entry in the table `graft_http_cache_v1` (so it can share a file
/// with `SQLiteRecordStorage`), the entry as ``HTTPCacheEntry/serialized`` bytes, and a use
/// counter indexed for least-recently-used eviction.
///
/// ```swift
/// let cache = HTTPResponseCache(storage: try SQLiteHTTPCacheStorage(path: cachePath, maxEntries: 1_000))
/// ```
///
/// Every read marks the rows it returns as used (an `UPDATE`), and every change is one statement
/// in its own transaction, in write-ahead-log mode with `synchronous=NORMAL` (a killed app keeps
/// what was committed). A row that does not decode is deleted and read as a miss. The entry count
/// and byte total are counted once when the file is opened and kept in memory after.
public final class SQLiteHTTPCacheStorage: HTTPCacheStorage {
    public let maxEntries: Int
    public let maxBytes: Int
    public private(set) var count: Int
    public private(set) var byteCount: Int
    let database: SQLiteDatabase
    private var clock: Int64
    private let selectKey: SQLiteStatement
    private let touchRow: SQLiteStatement
    private let selectSize: SQLiteStatement
    private let upsertRow: SQLiteStatement
    private let deleteRow: SQLiteStatement
    private let selectOldest: SQLiteStatement

    /// Opens (or creates) the cache's table in the database at `path`, holding at most
    /// `maxEntries` entries and `maxBytes` bytes (by default 500 and 10 MB; a file holding more,
    /// from a run with larger caps, is trimmed at the next store). Errors are `GraftError`s with
    /// code `cache` naming the file.
    public init(path: String, maxEntries: Int = 500, maxBytes: Int = 10 * 1024 * 1024) throws(GraftError) {
        self.maxEntries = max(0, maxEntries)
        self.maxBytes = max(0, maxBytes)
        do {
            database = try SQLiteDatabase(path: path)
            try database.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL")
            try database.execute("""
                CREATE TABLE IF NOT EXISTS graft_http_cache_v1 (
                  key TEXT NOT NULL, variant TEXT NOT NULL, used INTEGER NOT NULL, size INTEGER NOT NULL,
                  entry BLOB NOT NULL, PRIMARY KEY (key, variant)) WITHOUT ROWID;
                CREATE INDEX IF NOT EXISTS graft_http_cache_v1_used ON graft_http_cache_v1 (used)
                """)
            count = Int(try database.integer("SELECT COUNT(*) FROM graft_http_cache_v1"))
            byteCount = Int(try database.integer("SELECT COALESCE(SUM(size), 0) FROM graft_http_cache_v1"))
            clock = try database.integer("SELECT COALESCE(MAX(used), 0) FROM graft_http_cache_v1")
            selectKey = try database.prepare("SELECT variant, entry, size FROM graft_http_cache_v1 WHERE key = ?1")
            touchRow = try database.prepare("UPDATE graft_http_cache_v1 SET used = ?1 WHERE key = ?2 AND variant = ?3")
            selectSize = try database.prepare("SELECT size FROM graft_http_cache_v1 WHERE key = ?1 AND variant = ?2")
            upsertRow = try database.prepare("""
                INSERT OR REPLACE INTO graft_http_cache_v1 (key, variant, used, size, entry) VALUES (?1, ?2, ?3, ?4, ?5)
                """)
            deleteRow = try database.prepare("DELETE FROM graft_http_cache_v1 WHERE key = ?1 AND variant = ?2")
            selectOldest = try database.prepare("SELECT key, variant, size FROM graft_http_cache_v1 ORDER BY used LIMIT 1")
        } catch {
            let reason = (error as? SQLiteError)?.message ?? "\(error)"
            throw GraftError(.cache, message: "cannot open the HTTP cache database \(path): \(reason)", underlying: error)
        }
    }

    public func entries(forKey key: String) throws -> [HTTPCacheEntry] {
        var found: [HTTPCacheEntry] = []
        var damaged: [(variant: String, size: Int)] = []
        try selectKey.withText(key, at: 1) {
            while try selectKey.step() {
                let variant = selectKey.text(at: 0)
                let entry = selectKey.withBlob(at: 1) { try? HTTPCacheEntry(serialized: $0) }
                if let entry, entry.key == key, entry.variant == variant {
                    found.append(entry)
                } else {
                    damaged.append((variant, Int(selectKey.int64(at: 2))))
                }
            }
        }
        for row in damaged { try delete(key: key, variant: row.variant, size: row.size) }
        for entry in found {
            clock += 1
            touchRow.bind(clock, at: 1)
            touchRow.bind(key, at: 2)
            touchRow.bind(entry.variant, at: 3)
            try touchRow.run()
        }
        return found
    }

    @discardableResult
    public func store(_ entry: HTTPCacheEntry) throws -> Bool {
        if let size = try size(key: entry.key, variant: entry.variant) {
            try delete(key: entry.key, variant: entry.variant, size: size)
        }
        let size = entry.byteCount
        guard size <= maxBytes, maxEntries > 0 else { return false }
        clock += 1
        upsertRow.bind(entry.key, at: 1)
        upsertRow.bind(entry.variant, at: 2)
        upsertRow.bind(clock, at: 3)
        upsertRow.bind(Int64(size), at: 4)
        upsertRow.bind(entry.serialized, at: 5)
        try upsertRow.run()
        count += 1
        byteCount += size
        while count > maxEntries || byteCount > maxBytes {
            guard try selectOldest.step() else {
                selectOldest.reset()
                break
            }
            let oldest = (key: selectOldest.text(at: 0), variant: selectOldest.text(at: 1), size: Int(selectOldest.int64(at: 2)))
            selectOldest.reset()
            try delete(key: oldest.key, variant: oldest.variant, size: oldest.size)
        }
        return true
    }

    @discardableResult
    public func removeEntries(forKey key: String) throws -> Int {
        var rows: [(variant: String, size: Int)] = []
        try selectKey.withText(key, at: 1) {
            while try selectKey.step() { rows.append((selectKey.text(at: 0), Int(selectKey.int64(at: 2)))) }
        }
        for row in rows { try delete(key: key, variant: row.variant, size: row.size) }
        return rows.count
    }

    public func removeAll() throws {
        try database.execute("DELETE FROM graft_http_cache_v1")
        count = 0
        byteCount = 0
    }

    private func size(key: String, variant: String) throws -> Int? {
        defer { selectSize.reset() }
        selectSize.bind(key, at: 1)
        selectSize.bind(variant, at: 2)
        return try selectSize.step() ? Int(selectSize.int64(at: 0)) : nil
    }

    private func delete(key: String, variant: String, size: Int) throws {
        deleteRow.bind(key, at: 1)
        deleteRow.bind(variant, at: 2)
        try deleteRow.run()
        count -= 1
        byteCount -= size
    }
}
