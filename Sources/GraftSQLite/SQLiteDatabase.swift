internal import CSQLite

/// A thin wrapper over one SQLite connection: open, execute, prepare. Not thread-safe; its owner
/// (an `SQLiteRecordStorage`, owned by one `CacheStore` actor) serializes access.
final class SQLiteDatabase {
    private(set) var handle: OpaquePointer?

    /// Opens (creating if needed) the database at `path`.
    init(path: String) throws {
        var connection: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &connection, flags, nil)
        guard status == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open \(path)"
            sqlite3_close(connection)
            throw SQLiteError(code: status, message: message)
        }
        handle = connection
        sqlite3_extended_result_codes(connection, 1)
        sqlite3_busy_timeout(connection, 5000)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements without results.
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        if status != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw SQLiteError(code: status, message: text)
        }
    }

    /// Prepares a statement.
    func prepare(_ sql: String) throws -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status) }
        return SQLiteStatement(statement, database: self)
    }

    /// Prepares a statement from the UTF-8 bytes of its SQL (no terminating NUL needed).
    func prepare(_ sql: [UInt8]) throws -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sql.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                sqlite3_prepare_v3(handle, $0.baseAddress, Int32($0.count), UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
            }
        }
        guard status == SQLITE_OK, let statement else { throw error(status) }
        return SQLiteStatement(statement, database: self)
    }

    /// The first column of the first row of a query returning an integer.
    func integer(_ sql: String) throws -> Int64 {
        let statement = try prepare(sql)
        guard try statement.step() else { return 0 }
        return statement.int64(at: 0)
    }

    /// The pages this connection has read from the file so far (its page cache's misses): what an
    /// open or a read touches.
    var pagesRead: Int {
        var current: Int32 = 0
        var highest: Int32 = 0
        sqlite3_db_status(handle, SQLITE_DBSTATUS_CACHE_MISS, &current, &highest, 0)
        return Int(current)
    }

    /// The statements prepared on this connection and not yet finalized.
    var preparedStatements: Int {
        var count = 0
        var statement = sqlite3_next_stmt(handle, nil)
        while let current = statement {
            count += 1
            statement = sqlite3_next_stmt(handle, current)
        }
        return count
    }

    /// The error for a status, with the connection's message.
    func error(_ status: Int32) -> SQLiteError {
        SQLiteError(code: status, message: String(cString: sqlite3_errmsg(handle)))
    }
}

/// A prepared statement, reset after each use.
final class SQLiteStatement {
    /// SQLite's "copy the bytes now" destructor.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private let statement: OpaquePointer
    private unowned let database: SQLiteDatabase

    init(_ statement: OpaquePointer, database: SQLiteDatabase) {
        self.statement = statement
        self.database = database
    }

    deinit {
        sqlite3_finalize(statement)
    }

    func bind(_ text: String, at index: Int32) {
        var text = text
        text.withUTF8 { utf8 in
            _ = sqlite3_bind_text(statement, index, utf8.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                                  Int32(utf8.count), SQLiteStatement.transient)
        }
    }

    func bind(_ bytes: [UInt8], at index: Int32) {
        bytes.withUnsafeBytes { buffer in
            _ = sqlite3_bind_blob(statement, index, buffer.baseAddress, Int32(buffer.count), SQLiteStatement.transient)
        }
    }

    func bind(_ number: Int64, at index: Int32) {
        sqlite3_bind_int64(statement, index, number)
    }

    /// Binds `text` without copying it, runs `body` (which steps the statement) and resets the
    /// statement, clearing its bindings: SQLite reads the bytes only while stepping, so they need
    /// to live through `body` only.
    func withText<T>(_ text: String, at index: Int32, _ body: () throws -> T) rethrows -> T {
        var text = text
        return try text.withUTF8 { utf8 in
            defer { reset() }
            bindUnretained(text: UnsafeRawBufferPointer(utf8), at: index)
            return try body()
        }
    }

    /// Binds UTF-8 `text` without copying it: the bytes must stay valid until the statement has
    /// been stepped and reset.
    func bindUnretained(text: UnsafeRawBufferPointer, at index: Int32) {
        if let base = text.baseAddress, text.count > 0 {
            sqlite3_bind_text(statement, index, base.assumingMemoryBound(to: CChar.self), Int32(text.count), nil)
        } else {
            sqlite3_bind_text(statement, index, "", 0, SQLiteStatement.transient)
        }
    }

    /// Binds `bytes` as a blob without copying them: they must stay valid until the statement has
    /// been stepped and reset.
    func bindUnretained(blob bytes: UnsafeRawBufferPointer, at index: Int32) {
        if let base = bytes.baseAddress, bytes.count > 0 {
            sqlite3_bind_blob(statement, index, base, Int32(bytes.count), nil)
        } else {
            sqlite3_bind_zeroblob(statement, index, 0)
        }
    }

    /// Steps once: true when a row is available, false when done.
    func step() throws -> Bool {
        let status = sqlite3_step(statement)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = database.error(status)
            sqlite3_reset(statement)
            throw error
        }
    }

    /// Steps to completion and resets.
    func run() throws {
        defer { reset() }
        while try step() {}
    }

    /// Resets the statement and clears its bindings: a parameter a use leaves unbound is NULL,
    /// never the previous use's value (the offline queue binds optional columns only when set).
    func reset() {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    /// Whether a column of the current row is NULL.
    func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(statement, column) == SQLITE_NULL
    }

    func int64(at column: Int32) -> Int64 {
        sqlite3_column_int64(statement, column)
    }

    func text(at column: Int32) -> String {
        guard let pointer = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// The blob of a column, valid until the next step or reset.
    func withBlob<T>(at column: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        let count = Int(sqlite3_column_bytes(statement, column))
        let pointer = sqlite3_column_blob(statement, column)
        return try body(UnsafeRawBufferPointer(start: pointer, count: pointer == nil ? 0 : count))
    }
}
