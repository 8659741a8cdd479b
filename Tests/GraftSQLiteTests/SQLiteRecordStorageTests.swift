import Foundation
import GraftTestSupport
import Testing
import Graft
@testable import GraftSQLite

@Suite(.timingSensitive) struct SQLiteRecordStorageTests {
    @Test func recordsSurviveReopeningWithTheirAges() async throws {
        let file = try TemporaryDatabase()
        defer { file.remove() }
        let written = try HeroAndFriendsQuery.data(friends: 3)
        do {
            let store = CacheStore(storage: try SQLiteRecordStorage(path: file.path))
            try await store.write(data: written, for: HeroAndFriendsQuery())
        }
        let clock = Date()
        let reopened = CacheStore(storage: try SQLiteRecordStorage(path: file.path),
                                  configuration: CacheConfiguration(maxAges: ["Human": .seconds(60)], clock: { clock }))
        let read = try await reopened.read(HeroAndFriendsQuery())
        #expect(read.data == written && !read.isStale)
        #expect(try await reopened.allKeys() == ["Droid:2001", "Human:0", "Human:1", "Human:2", "ROOT_QUERY"])
        let later = CacheStore(storage: try SQLiteRecordStorage(path: file.path),
                               configuration: CacheConfiguration(maxAges: ["Human": .seconds(60)], clock: { clock + 120 }))
        #expect(try await later.read(HeroAndFriendsQuery()).isStale)
    }

    @Test func usesWriteAheadLoggingAndASchemaVersion() throws {
        let file = try TemporaryDatabase()
        defer { file.remove() }
        do {
            let storage = try SQLiteRecordStorage(path: file.path)
            let statement = try storage.database.prepare("PRAGMA journal_mode")
            #expect(try statement.step() && statement.text(at: 0) == "wal")
            statement.reset()
            #expect(try storage.storedSchemaVersion() == SQLiteRecordStorage.schemaVersion)
            var changes = RecordSet()
            changes.set("A:1", "name", "a")
            _ = try storage.merge(changes, receivedAt: CacheTimestamp(seconds: 1))
            // A future (or past) layout: the next open starts afresh.
            try storage.database.execute("PRAGMA user_version = 99")
        }
        let reopened = try SQLiteRecordStorage(path: file.path)
        #expect(try reopened.storedSchemaVersion() == SQLiteRecordStorage.schemaVersion)
        #expect(try reopened.recordCount() == 0)
    }

    /// A version-2 file (the write counter taken from `MAX(used)` at every open) keeps its records
    /// when opened by this version: the counter table is made once from `MAX(used)`, and eviction
    /// order goes on from there.
    @Test func aVersionTwoFileKeepsItsRecords() throws {
        let file = try TemporaryDatabase()
        defer { file.remove() }
        do {
            let storage = try SQLiteRecordStorage(path: file.path)
            for key in ["A:1", "B:1", "C:1"] {
                var changes = RecordSet()
                changes.set(CacheKey(key), "name", "x")
                _ = try storage.merge(changes, receivedAt: CacheTimestamp(seconds: 1))
            }
            // Back to version 2's layout: no counter table.
            try storage.database.execute("DROP TABLE records_clock; PRAGMA user_version = 2")
        }
        let reopened = try SQLiteRecordStorage(path: file.path)
        #expect(try reopened.storedSchemaVersion() == SQLiteRecordStorage.schemaVersion)
        #expect(try reopened.recordCount() == 3)
        var changes = RecordSet()
        changes.set("A:1", "name", "y")
        _ = try reopened.merge(changes, receivedAt: CacheTimestamp(seconds: 2))
        #expect(try reopened.evictionCandidates(3, excluding: []) == ["B:1", "C:1", "A:1"])
    }

    /// Opening a large cache reads a few pages (the header and the schema), never the table, and
    /// reading one record then reads its path down the table's tree: a new process reading one
    /// screen pays for that screen, not for the file.
    @Test func openingReadsAFewPagesNotTheTable() throws {
        let file = try TemporaryDatabase()
        defer { file.remove() }
        do {
            let storage = try SQLiteRecordStorage(path: file.path)
            var changes = RecordSet()
            for index in 0..<10_000 { changes.set(CacheKey("Human:\(index)"), "name", .string("Friend \(index)")) }
            _ = try storage.merge(changes, receivedAt: CacheTimestamp(seconds: 1))
        }
        let storage = try SQLiteRecordStorage(path: file.path)
        let opened = storage.database.pagesRead
        #expect(try storage.database.integer("PRAGMA page_count") > 100)
        #expect(opened <= 4)
        storage.beginRead()
        defer { storage.endRead() }
        let handle = try storage.handle(for: "Human:5000")
        #expect(handle.flatMap { storage.field("name", of: $0)?.value } == .string("Friend 5000"))
        #expect(storage.database.pagesRead - opened <= 4)
    }

    /// A list's records load with one statement per 64 keys, its unused keys matching nothing, and
    /// open prepares both list statements: reading lists of 49 (one of them absent), 3 and 130
    /// keys prepares no statement, and finds every record in the list's order.
    @Test func readingListsPreparesNoStatement() throws {
        let file = try TemporaryDatabase()
        defer { file.remove() }
        do {
            let storage = try SQLiteRecordStorage(path: file.path)
            var changes = RecordSet()
            for index in 0..<130 where index != 20 { changes.set(CacheKey("Human:\(index)"), "name", .string("Friend \(index)")) }
            _ = try storage.merge(changes, receivedAt: CacheTimestamp(seconds: 1))
        }
        let storage = try SQLiteRecordStorage(path: file.path)
        let prepared = storage.database.preparedStatements
        for length in [49, 3, 130] {
            let keys = (0..<length).map { CacheKey("Human:\($0)") }
            storage.beginRead()
            defer { storage.endRead() }
            storage.prefetch(keys.map { .reference($0) })
            #expect(storage.database.preparedStatements == prepared)
            for (index, key) in keys.enumerated() {
                let handle = try storage.handle(for: key)
                #expect(handle.flatMap { storage.field("name", of: $0)?.value } == (index == 20 ? nil : .string("Friend \(index)")))
            }
            #expect(storage.prefetched.isEmpty || storage.prefetched.allSatisfy { $0.next == $0.keys.count })
        }
    }

    /// Lists of any length load every record at its position, through both list statements
    /// (positions of one and two digits in their SQL) and past one batch of 64.
    @Test(arguments: [2, 3, 8, 9, 10, 11, 33, 64, 65, 72, 130])
    func listsOfEveryLengthLoadInOrder(_ length: Int) throws {
        let file = try TemporaryDatabase()
        defer { file.remove() }
        do {
            let storage = try SQLiteRecordStorage(path: file.path)
            var changes = RecordSet()
            for index in 0..<length where index % 7 != 3 { changes.set(CacheKey("Droid:\(index)"), "name", .string("Droid \(index)")) }
            _ = try storage.merge(changes, receivedAt: CacheTimestamp(seconds: 1))
        }
        let storage = try SQLiteRecordStorage(path: file.path)
        // Reversed, so the list's order is not the table's.
        let keys = (0..<length).reversed().map { CacheKey("Droid:\($0)") }
        storage.beginRead()
        defer { storage.endRead() }
        storage.prefetch(keys.map { .reference($0) })
        #expect(storage.prefetched.count == 1)
        for key in keys {
            let index = Int(key.rawValue.dropFirst("Droid:".count))!
            let handle = try storage.handle(for: key)
            #expect(handle.flatMap { storage.field("name", of: $0)?.value } == (index % 7 == 3 ? nil : .string("Droid \(index)")), "\(key)")
        }
    }

    /// Least-recently-written order holds across connections: the write counter lives in the file,
    /// so a connection opened earlier stamps its next merge after another connection's merges.
    @Test func evictionOrderHoldsAcrossConnections() throws {
        let file = try TemporaryDatabase()
        defer { file.remove() }
        let first = try SQLiteRecordStorage(path: file.path)
        let second = try SQLiteRecordStorage(path: file.path)
        for (storage, key) in [(first, "A:1"), (second, "B:1"), (second, "C:1"), (second, "D:1"), (first, "E:1")] {
            var changes = RecordSet()
            changes.set(CacheKey(key), "name", "x")
            _ = try storage.merge(changes, receivedAt: CacheTimestamp(seconds: 1))
        }
        #expect(try first.evictionCandidates(5, excluding: []) == ["A:1", "B:1", "C:1", "D:1", "E:1"])
        let reopened = try SQLiteRecordStorage(path: file.path)
        var changes = RecordSet()
        changes.set("A:1", "name", "y")
        _ = try reopened.merge(changes, receivedAt: CacheTimestamp(seconds: 2))
        #expect(try reopened.evictionCandidates(5, excluding: []) == ["B:1", "C:1", "D:1", "E:1", "A:1"])
    }

    /// A read runs in one read transaction (one snapshot, no file locks per record) that ends with
    /// the read: another connection's commits show in the next read, and a write after a read
    /// that was never ended still commits.
    @Test func readsSeeOtherConnectionsCommitsAndEndTheirTransaction() throws {
        let file = try TemporaryDatabase()
        defer { file.remove() }
        let reader = try SQLiteRecordStorage(path: file.path)
        let writer = try SQLiteRecordStorage(path: file.path)
        var first = RecordSet()
        first.set("A:1", "name", "a")
        _ = try writer.merge(first, receivedAt: CacheTimestamp(seconds: 1))

        reader.beginRead()
        let handle = try #require(try reader.handle(for: "A:1"))
        #expect(reader.field("name", of: handle)?.value == "a")
        #expect(reader.inReadTransaction)
        reader.endRead()
        #expect(!reader.inReadTransaction)

        var second = RecordSet()
        second.set("A:1", "name", "b")
        _ = try writer.merge(second, receivedAt: CacheTimestamp(seconds: 2))
        reader.beginRead()
        let again = try #require(try reader.handle(for: "A:1"))
        #expect(reader.field("name", of: again)?.value == "b")

        // Still inside that read: a merge ends it first instead of failing to begin its own.
        var third = RecordSet()
        third.set("A:2", "name", "c")
        #expect(try reader.merge(third, receivedAt: CacheTimestamp(seconds: 3)).count == 1)
        #expect(!reader.inReadTransaction)
        #expect(try writer.recordCount() == 2)
    }

    @Test func clearAndVacuum() async throws {
        let file = try TemporaryDatabase()
        defer { file.remove() }
        let storage = try SQLiteRecordStorage(path: file.path)
        var changes = RecordSet()
        for index in 0..<500 { changes.set(CacheKey("A:\(index)"), "text", .string(String(repeating: "x", count: 500))) }
        _ = try storage.merge(changes, receivedAt: CacheTimestamp(seconds: 1))
        #expect(try storage.recordCount() == 500)
        try storage.clear()
        try storage.vacuum()
        #expect(try storage.recordCount() == 0)
        #expect(try storage.handle(for: "A:1") == nil)
    }

    /// The same random merges and removals against SQLite and the in-memory storage report the
    /// same changes and leave the same records.
    @Test func behavesLikeTheInMemoryStorage() throws {
        let file = try TemporaryDatabase()
        defer { file.remove() }
        let sqlite = try SQLiteRecordStorage(path: file.path)
        let memory = InMemoryRecordStorage()
        var random = SplitMix(state: 7)
        for round in 0..<300 {
            if random.next(8) == 0 {
                let keys = Array(Set((0..<3).map { _ in CacheKey("K:\(random.next(60))") }))
                #expect(Set(try sqlite.removeRecords(keys)) == Set(memory.removeRecords(keys)))
                continue
            }
            var changes = RecordSet()
            for _ in 0..<(1 + random.next(4)) {
                let key = CacheKey("K:\(random.next(60))")
                if random.next(20) == 0 { changes.removeRecord(key) }
                for _ in 0..<(1 + random.next(5)) {
                    let field = "f\(random.next(12))"
                    if random.next(6) == 0 { changes.removeField(key, field) } else { changes.set(key, field, .int(random.next(4))) }
                }
            }
            let stamp = CacheTimestamp(seconds: UInt32(round))
            #expect(Set(try sqlite.merge(changes, receivedAt: stamp)) == Set(memory.merge(changes, receivedAt: stamp)), "round \(round)")
        }
        #expect(Set(try sqlite.allKeys()) == Set(memory.allKeys()))
        for key in memory.allKeys() {
            #expect(try sqlite.record(for: key) == (try memory.record(for: key)))
        }
    }

    @Test func garbageCollectionAndTheSizeCapWorkOnDisk() async throws {
        let file = try TemporaryDatabase()
        defer { file.remove() }
        let store = CacheStore(storage: try SQLiteRecordStorage(path: file.path),
                               configuration: CacheConfiguration(maxRecordCount: 50))
        try await store.write(data: try HeroAndFriendsQuery.data(friends: 10), for: HeroAndFriendsQuery())
        try await store.write(data: try HeroAndFriendsQuery.data(friends: 4), for: HeroAndFriendsQuery())
        #expect(try await store.collectGarbage() == (4..<10).map { CacheKey("Human:\($0)") }.sorted())
        #expect(try await store.recordCount() == 6)
        try await store.write(data: try HeroAndFriendsQuery.data(friends: 100), for: HeroAndFriendsQuery())
        #expect(try await store.recordCount() == 50)
        #expect(try await store.record(for: .rootQuery) != nil)
    }
}
