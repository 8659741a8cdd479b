import Foundation
import Testing
import Graft
@testable import GraftSQLite

/// The offline queue's table: entries survive reopening exactly as written, changes are
/// independent rows, a damaged row is an error naming it, and the table shares a file with the cache.
@Suite struct SQLiteMutationQueueStorageTests {
    static func entry(_ number: Int, optimistic: JSONValue? = ["addNote": ["id": "n"]]) -> QueuedMutation {
        QueuedMutation(id: "key-\(number)", sequence: Int64(number),
                       request: GraphQLRequest(operationName: "AddNote", operationKind: .mutation,
                                               document: OperationDocument(operationIdentifier: number.isMultiple(of: 2) ? "abc" : nil,
                                                                           definition: "mutation AddNote($text: String!) { addNote(text: $text) }"),
                                               variables: ["text": .string("note \(number) “quoted”"), "count": .int(number),
                                                           "nested": ["list": [1, 2.5, nil, true]]]),
                       optimisticData: optimistic, enqueuedAt: Date(timeIntervalSince1970: 1_700_000_000.123 + Double(number)))
    }

    @Test func entriesSurviveReopeningAsWritten() throws {
        let file = try TemporaryDatabase()
        defer { file.remove() }
        let written = (1...5).map { Self.entry($0, optimistic: $0 == 3 ? nil : ["addNote": ["id": .string("n\($0)")]]) }
        do {
            let storage = try SQLiteMutationQueueStorage(path: file.path)
            for entry in written.reversed() { try storage.insert(entry) }
            var failed = written[1]
            failed.attempts = 2
            failed.lastError = "the server answered 503"
            try storage.update(failed)
            var dead = written[3]
            dead.state = .deadLettered
            dead.sequence = 9
            try storage.update(dead)
            try storage.remove(id: written[0].id)
        }
        let loaded = try SQLiteMutationQueueStorage(path: file.path).loadAll()
        #expect(loaded.map(\.id) == ["key-2", "key-3", "key-5", "key-4"])
        #expect(loaded[0].attempts == 2 && loaded[0].lastError == "the server answered 503")
        #expect(loaded[1] == written[2])
        #expect(loaded[1].optimisticData == nil)
        #expect(loaded[2] == written[4])
        #expect(loaded[3].state == .deadLettered && loaded[3].sequence == 9)
        #expect(loaded[0].request == written[1].request)
        #expect(loaded[0].enqueuedAt == written[1].enqueuedAt)
    }

    @Test func scopesSurviveReopening() throws {
        let file = try TemporaryDatabase()
        defer { file.remove() }
        let base = Self.entry(1)
        let scoped = QueuedMutation(id: "key-2", sequence: 2, request: base.request, scope: "notebook-7", enqueuedAt: base.enqueuedAt)
        do {
            let storage = try SQLiteMutationQueueStorage(path: file.path)
            try storage.insert(base)
            try storage.insert(scoped)
        }
        let loaded = try SQLiteMutationQueueStorage(path: file.path).loadAll()
        #expect(loaded.map(\.scope) == [nil, "notebook-7"])
        #expect(loaded[1] == scoped)
    }

    @Test func aTableWrittenBeforeScopesGainsTheColumnAndKeepsItsRows() throws {
        let file = try TemporaryDatabase()
        defer { file.remove() }
        do {
            // The table as the storage created it before entries had scopes, with one row.
            let database = try SQLiteDatabase(path: file.path)
            try database.execute("""
                CREATE TABLE graft_mutation_queue_v1 (
                  sequence INTEGER PRIMARY KEY NOT NULL, id TEXT NOT NULL, operation_name TEXT NOT NULL,
                  document TEXT, document_id TEXT, variables TEXT NOT NULL, optimistic TEXT,
                  attempts INTEGER NOT NULL, enqueued_ms INTEGER NOT NULL, dead INTEGER NOT NULL, last_error TEXT);
                INSERT INTO graft_mutation_queue_v1 VALUES (1, 'old-key', 'AddNote', 'mutation AddNote { addNote }', NULL,
                  '{"text":"kept"}', NULL, 2, 1700000000000, 0, 'the server answered 503');
                """)
        }
        let storage = try SQLiteMutationQueueStorage(path: file.path)
        let old = try #require(try storage.loadAll().first)
        #expect(old.id == "old-key" && old.scope == nil && old.attempts == 2)
        #expect(old.request.variables == ["text": "kept"])
        try storage.insert(QueuedMutation(id: "new-key", sequence: 2, request: old.request, scope: "a"))
        #expect(try SQLiteMutationQueueStorage(path: file.path).loadAll().map(\.scope) == [nil, "a"])
    }

    @Test func aDamagedRowIsAnErrorNamingIt() throws {
        let file = try TemporaryDatabase()
        defer { file.remove() }
        let storage = try SQLiteMutationQueueStorage(path: file.path)
        try storage.insert(Self.entry(1))
        try storage.database.execute("UPDATE graft_mutation_queue_v1 SET variables = '{\"text\": ' WHERE id = 'key-1'")
        #expect {
            _ = try storage.loadAll()
        } throws: { error in
            (error as? GraftError).map { $0.code == .cache && $0.message.contains("entry key-1 is damaged") } ?? false
        }
        try storage.database.execute("UPDATE graft_mutation_queue_v1 SET variables = '[1]' WHERE id = 'key-1'")
        #expect(throws: GraftError.self) { _ = try storage.loadAll() }
    }

    @Test func theQueueSharesAFileWithTheCache() throws {
        let file = try TemporaryDatabase()
        defer { file.remove() }
        let records = try SQLiteRecordStorage(path: file.path)
        let queue = try SQLiteMutationQueueStorage(path: file.path)
        var changes = RecordSet()
        changes.set("Note:1", "text", .string("hello"))
        _ = try records.merge(changes, receivedAt: CacheTimestamp(seconds: 1))
        try queue.insert(Self.entry(1))
        #expect(try SQLiteRecordStorage(path: file.path).record(for: "Note:1")?["text"] == .string("hello"))
        #expect(try SQLiteMutationQueueStorage(path: file.path).loadAll().map(\.id) == ["key-1"])
    }
}
