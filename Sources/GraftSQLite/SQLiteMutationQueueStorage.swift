import Foundation
import Graft

/// An ``OfflineMutationStorage`` on the system SQLite: one row per queued mutation in the table
/// `graft_mutation_queue_v1` (so it can share a file with `SQLiteRecordStorage`), write-ahead
/// logging, and every change one statement in its own transaction. Rows are keyed by sequence
/// alone (one B-tree to write per change); the storage remembers each entry's row. A row is committed when the
/// call returns: with `.normal` durability it survives the app being killed (the kernel has the
/// write-ahead log), with `.full` also a power loss (`fsync` per change, much slower). There is
/// no group commit: N enqueues are N transactions.
///
/// ```swift
/// let queue = try OfflineMutationQueue(client: client, storage: try SQLiteMutationQueueStorage(path: queuePath),
///                                      monitor: monitor, mutationTypes: [AddNoteMutation.self])
/// ```
public final class SQLiteMutationQueueStorage: OfflineMutationStorage {
    let database: SQLiteDatabase
    private let insertRow: SQLiteStatement
    private let updateRow: SQLiteStatement
    private let deleteRow: SQLiteStatement
    private let selectAll: SQLiteStatement
    /// The row (sequence) of each entry this storage loaded or wrote.
    private var rows: [String: Int64] = [:]

    /// Opens (or creates) the queue's table in the database at `path`. Errors are `GraftError`s
    /// with code `cache` naming the file.
    public init(path: String, durability: SQLiteRecordStorage.Durability = .normal) throws(GraftError) {
        do {
            database = try SQLiteDatabase(path: path)
            try database.execute("PRAGMA journal_mode=WAL")
            try database.execute(durability == .full ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL")
            // Checkpoint (the one `fsync` of `.normal`) every 4,000 pages rather than 1,000: each
            // enqueue writes a page, and on a busy disk the checkpoints were a third of the time.
            // The log is cut back to 16 MB after each.
            try database.execute("PRAGMA wal_autocheckpoint=4000; PRAGMA journal_size_limit=16777216")
            try database.execute("""
                CREATE TABLE IF NOT EXISTS graft_mutation_queue_v1 (
                  sequence INTEGER PRIMARY KEY NOT NULL, id TEXT NOT NULL, operation_name TEXT NOT NULL,
                  document TEXT, document_id TEXT, variables TEXT NOT NULL, optimistic TEXT,
                  attempts INTEGER NOT NULL, enqueued_ms INTEGER NOT NULL, dead INTEGER NOT NULL, last_error TEXT,
                  scope TEXT)
                """)
            // A table written before entries had scopes gains the column in place: its rows are
            // unscoped (one line, as they were sent), and an older reader still finds its columns.
            if try database.integer("SELECT COUNT(*) FROM pragma_table_info('graft_mutation_queue_v1') WHERE name = 'scope'") == 0 {
                try database.execute("ALTER TABLE graft_mutation_queue_v1 ADD COLUMN scope TEXT")
            }
            insertRow = try database.prepare("""
                INSERT INTO graft_mutation_queue_v1 (sequence, id, operation_name, document, document_id, variables,
                  optimistic, attempts, enqueued_ms, dead, last_error, scope) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
                """)
            updateRow = try database.prepare("""
                UPDATE graft_mutation_queue_v1 SET sequence = ?1, attempts = ?2, dead = ?3, last_error = ?4
                  WHERE sequence = ?5 AND id = ?6
                """)
            deleteRow = try database.prepare("DELETE FROM graft_mutation_queue_v1 WHERE sequence = ?1 AND id = ?2")
            selectAll = try database.prepare("""
                SELECT sequence, id, operation_name, document, document_id, variables, optimistic, attempts,
                  enqueued_ms, dead, last_error, scope FROM graft_mutation_queue_v1 ORDER BY sequence
                """)
        } catch {
            let reason = (error as? SQLiteError)?.message ?? "\(error)"
            throw GraftError(.cache, message: "cannot open the offline queue database \(path): \(reason)", underlying: error)
        }
    }

    public func loadAll() throws -> [QueuedMutation] {
        defer { selectAll.reset() }
        var entries: [QueuedMutation] = []
        while try selectAll.step() {
            entries.append(try row())
        }
        rows = Dictionary(entries.map { ($0.id, $0.sequence) }, uniquingKeysWith: { first, _ in first })
        return entries
    }

    public func insert(_ entry: QueuedMutation) throws {
        insertRow.bind(entry.sequence, at: 1)
        insertRow.bind(entry.id, at: 2)
        insertRow.bind(entry.request.operationName, at: 3)
        if let definition = entry.request.document.definition { insertRow.bind(definition, at: 4) }
        if let identifier = entry.request.document.operationIdentifier { insertRow.bind(identifier, at: 5) }
        insertRow.bind(JSONValue.object(entry.request.variables).serialized, at: 6)
        if let optimistic = entry.optimisticData { insertRow.bind(optimistic.serialized, at: 7) }
        insertRow.bind(Int64(entry.attempts), at: 8)
        insertRow.bind(Int64((entry.enqueuedAt.timeIntervalSince1970 * 1000).rounded()), at: 9)
        insertRow.bind(entry.state == .deadLettered ? 1 : 0, at: 10)
        if let lastError = entry.lastError { insertRow.bind(lastError, at: 11) }
        if let scope = entry.scope { insertRow.bind(scope, at: 12) }
        try insertRow.run()
        rows[entry.id] = entry.sequence
    }

    public func update(_ entry: QueuedMutation) throws {
        updateRow.bind(entry.sequence, at: 1)
        updateRow.bind(Int64(entry.attempts), at: 2)
        updateRow.bind(entry.state == .deadLettered ? 1 : 0, at: 3)
        if let lastError = entry.lastError { updateRow.bind(lastError, at: 4) }
        updateRow.bind(try row(of: entry.id), at: 5)
        updateRow.bind(entry.id, at: 6)
        try updateRow.run()
        rows[entry.id] = entry.sequence
    }

    public func remove(id: String) throws {
        deleteRow.bind(try row(of: id), at: 1)
        deleteRow.bind(id, at: 2)
        try deleteRow.run()
        rows[id] = nil
    }

    /// The row of an entry: remembered, or looked up (an entry written by another connection).
    private func row(of id: String) throws -> Int64 {
        if let row = rows[id] { return row }
        let lookup = try database.prepare("SELECT sequence FROM graft_mutation_queue_v1 WHERE id = ?1")
        lookup.bind(id, at: 1)
        return try lookup.step() ? lookup.int64(at: 0) : -1
    }

    /// The entry at the current row; a row that does not decode is an error naming it.
    private func row() throws -> QueuedMutation {
        let id = selectAll.text(at: 1)
        func json(_ column: Int32) throws -> JSONValue? {
            guard !selectAll.isNull(at: column) else { return nil }
            do {
                return try JSONParser.parse(selectAll.text(at: column))
            } catch {
                throw GraftError(.cache, message: "the offline queue entry \(id) is damaged: \(error)", underlying: error)
            }
        }
        guard case .object(let variables)? = try json(5) else {
            throw GraftError(.cache, message: "the offline queue entry \(id) is damaged: its variables are not an object")
        }
        let document = OperationDocument(operationIdentifier: selectAll.isNull(at: 4) ? nil : selectAll.text(at: 4),
                                         definition: selectAll.isNull(at: 3) ? nil : selectAll.text(at: 3))
        let request = GraphQLRequest(operationName: selectAll.text(at: 2), operationKind: .mutation, document: document,
                                     variables: variables)
        return QueuedMutation(id: id, sequence: selectAll.int64(at: 0), request: request,
                              scope: selectAll.isNull(at: 11) ? nil : selectAll.text(at: 11), optimisticData: try json(6),
                              attempts: Int(selectAll.int64(at: 7)),
                              enqueuedAt: Date(timeIntervalSince1970: Double(selectAll.int64(at: 8)) / 1000),
                              state: selectAll.int64(at: 9) == 0 ? .pending : .deadLettered,
                              lastError: selectAll.isNull(at: 10) ? nil : selectAll.text(at: 10))
    }
}
