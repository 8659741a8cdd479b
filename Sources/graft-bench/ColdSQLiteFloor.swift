import CSQLite
import Foundation
import GraftSQLite

/// The floor under `cache cold`: the screen's 51 records read by SQLite alone, through its C API,
/// with the statements `SQLiteRecordStorage` runs (one record by key, and the 64-key list query)
/// in one read transaction, as a cache read runs them; nothing is decoded. It tells what a new
/// process's first query costs SQLite itself against its own warm query, whatever Graft does above it.
final class ColdSQLiteFloor {
    private let handle: OpaquePointer
    private var selectRecord: OpaquePointer?
    private var batch: OpaquePointer?
    /// SQLite copies the bound text (`SQLITE_TRANSIENT`, a C macro Swift does not import).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Opens the file at `path` as `SQLiteRecordStorage` does: read-write, WAL, and the record
    /// query and the 64-key list query prepared.
    init(path: String) throws {
        var connection: OpaquePointer?
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
              let connection else {
            sqlite3_close(connection)
            throw BenchmarkError("cannot open \(path)")
        }
        handle = connection
        try execute("PRAGMA journal_mode=WAL")
        try execute("PRAGMA synchronous=NORMAL")
        guard sqlite3_prepare_v3(handle, SQLiteRecordStorage.selectRecordSQL, -1, UInt32(SQLITE_PREPARE_PERSISTENT),
                                 &selectRecord, nil) == SQLITE_OK else { throw failure("prepare") }
        let sql = SQLiteRecordStorage.batchSQL(SQLiteRecordStorage.maxBatch)
        let status = sql.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                sqlite3_prepare_v3(handle, $0.baseAddress, Int32($0.count), UInt32(SQLITE_PREPARE_PERSISTENT), &batch, nil)
            }
        }
        guard status == SQLITE_OK else { throw failure("prepare") }
    }

    deinit {
        sqlite3_finalize(selectRecord)
        sqlite3_finalize(batch)
        sqlite3_close_v2(handle)
    }

    /// Reads the records of `single` one at a time, then those of `list` with the list query,
    /// up to 64 at a time; returns how many records were found.
    func read(single: [String], list: [String]) throws -> Int {
        guard list.count <= SQLiteRecordStorage.maxBatch else { throw BenchmarkError("a list of at most 64 keys") }
        try execute("BEGIN")
        defer { try? execute("COMMIT") }
        var found = 0
        for key in single {
            sqlite3_bind_text(selectRecord, 1, key, -1, ColdSQLiteFloor.transient)
            while sqlite3_step(selectRecord) == SQLITE_ROW {
                if sqlite3_column_bytes(selectRecord, 0) > 0 { found += 1 }
            }
            sqlite3_reset(selectRecord)
        }
        for position in 0..<SQLiteRecordStorage.maxBatch {
            if position < list.count {
                sqlite3_bind_text(batch, Int32(position + 1), list[position], -1, ColdSQLiteFloor.transient)
            } else {
                sqlite3_bind_null(batch, Int32(position + 1))
            }
        }
        while sqlite3_step(batch) == SQLITE_ROW {
            if sqlite3_column_bytes(batch, 1) > 0 { found += 1 }
        }
        sqlite3_reset(batch)
        return found
    }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw failure(sql) }
    }

    private func failure(_ what: String) -> BenchmarkError {
        BenchmarkError("SQLite: \(what): \(String(cString: sqlite3_errmsg(handle)))")
    }
}
