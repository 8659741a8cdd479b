internal import CSQLite

/// An SQLite failure: the result code and SQLite's message.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The (extended) result code.
    public let code: Int32
    /// SQLite's message.
    public let message: String

    /// Creates an error.
    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "SQLite error \(code): \(message)" }

    /// Whether the error says the file is not a database or is corrupt (`SQLITE_NOTADB`, `SQLITE_CORRUPT`).
    var isDamagedDatabase: Bool {
        code & 0xFF == SQLITE_NOTADB || code & 0xFF == SQLITE_CORRUPT
    }
}
