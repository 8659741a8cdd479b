import Foundation
import Testing
import Graft
@testable import GraftSQLite

/// Damage on disk: a damaged database names its file (and is recreated only when asked); a damaged
/// record is a `GraftError` from every store call, is dropped by the next write of it and by
/// garbage collection.
@Suite struct SQLiteFailureTests {
    @Test func aFileThatIsNotADatabaseNamesTheFileAndTheWayOut() throws {
        let file = try TemporaryDatabase()
        defer { file.remove() }
        try Data(repeating: 0x42, count: 8192).write(to: URL(fileURLWithPath: file.path))
        do {
            _ = try SQLiteRecordStorage(path: file.path)
            Issue.record("opened a damaged database")
        } catch {
            #expect(error.code == .cache)
            #expect(error.message == "the cache database \(file.path) is damaged (file is not a database); delete the file, "
                + "or open it with recreatesDamagedDatabase: true to start with an empty cache")
        }
        #expect(FileManager.default.fileExists(atPath: file.path))
        let recreated = try SQLiteRecordStorage(path: file.path, recreatesDamagedDatabase: true)
        #expect(try recreated.recordCount() == 0)
        #expect(try recreated.storedSchemaVersion() == SQLiteRecordStorage.schemaVersion)
    }

    @Test func aDatabaseThatCannotBeOpenedIsAGraftError() {
        #expect(throws: GraftError.self) { try SQLiteRecordStorage(path: "/nonexistent-graft-folder/cache.sqlite") }
    }

    /// A record `RecordCodec` cannot decode, written through the store's own file.
    static func storeWithADamagedRecord(_ file: TemporaryDatabase) async throws -> CacheStore {
        let store = CacheStore(storage: try SQLiteRecordStorage(path: file.path))
        try await store.write(data: try HeroAndFriendsQuery.data(friends: 2), for: HeroAndFriendsQuery())
        try SQLiteRecordStorage(path: file.path).database.execute("UPDATE records SET fields = x'05ff01' WHERE key = 'Human:1'")
        return store
    }

    @Test func aDamagedRecordIsAGraftErrorFromStoreCalls() async throws {
        let file = try TemporaryDatabase()
        defer { file.remove() }
        let store = try await Self.storeWithADamagedRecord(file)
        do {
            _ = try await store.record(for: "Human:1")
            Issue.record("read a damaged record")
        } catch {
            #expect(error.code == .cache && (error.underlying as? DamagedRecordError)?.key == "Human:1")
        }
        // A direct write of data touching it throws (a fetch would recover; see GraphQLClient).
        await #expect(throws: GraftError.self) {
            try await store.write(data: try HeroAndFriendsQuery.data(friends: 2), for: HeroAndFriendsQuery())
        }
        #expect((try? await store.read(HeroAndFriendsQuery())) == nil)
        try await store.removeRecord("Human:1")
        try await store.write(data: try HeroAndFriendsQuery.data(friends: 2), for: HeroAndFriendsQuery())
        #expect(try await store.read(HeroAndFriendsQuery()).data == (try HeroAndFriendsQuery.data(friends: 2)))
    }

    @Test func garbageCollectionDropsADamagedRecord() async throws {
        let file = try TemporaryDatabase()
        defer { file.remove() }
        let store = try await Self.storeWithADamagedRecord(file)
        #expect(try await store.collectGarbage() == ["Human:1"])
        #expect(try await store.allKeys() == ["Droid:2001", "Human:0", "ROOT_QUERY"])
    }
}
