import Foundation
import GraftTestSupport
import Testing
import Graft
@testable import GraftSQLite

/// `CacheStore.readNow` over SQLite: answered on the caller's thread from the database, and never
/// halfway through a write that runs at the same time on the store's actor.
@Suite(.timingSensitive) struct SQLiteSynchronousReadTests {
    @Test func readsWithoutAwaitAndNeverHalfAWrite() async throws {
        let file = try TemporaryDatabase()
        defer { file.remove() }
        let store = CacheStore(storage: try SQLiteRecordStorage(path: file.path))

        // Each write renames the hero and all ten friends together; a reader on another thread
        // must find one version across the eleven records, and never an older one than it found
        // before. The first write is a version too: a reader may run before the second one.
        func version(_ number: Int) throws -> HeroAndFriendsQuery.Data {
            try HeroAndFriendsQuery.Data(ObjectData(["hero": .object([
                "__typename": "Droid", "id": "2001", "name": .string("v\(number)"),
                "friends": .array((0..<10).map { .object(["__typename": "Human", "id": .string("\($0)"), "name": .string("v\(number)")]) }),
            ])]))
        }
        try await store.write(data: try version(0), for: HeroAndFriendsQuery())
        #expect(try store.readNow(HeroAndFriendsQuery()).data.hero?.name == "v0")
        let done = Locked(false)
        let (results, resultContinuation) = AsyncStream<(reads: Int, torn: Int, backwards: Int)>.makeStream()
        Thread.detachNewThread {
            var reads = 0
            var torn = 0
            var backwards = 0
            var latest = 0
            while !done.withLock({ $0 }) || reads == 0 {
                // A read that fails or finds no hero mid-write counts as torn: the store always holds one.
                if let hero = (try? store.readNow(HeroAndFriendsQuery()))?.data.hero {
                    if Set([hero.name] + hero.friends.map(\.name)).count != 1 { torn += 1 }
                    let seen = Int(hero.name.dropFirst()) ?? -1
                    if seen < latest { backwards += 1 }
                    latest = max(latest, seen)
                } else {
                    torn += 1
                }
                reads += 1
            }
            resultContinuation.yield((reads, torn, backwards))
            resultContinuation.finish()
        }
        for number in 1...100 { try await store.write(data: try version(number), for: HeroAndFriendsQuery()) }
        done.withLock { $0 = true }
        var outcome: (reads: Int, torn: Int, backwards: Int)?
        for await result in results { outcome = result }
        #expect((outcome?.reads ?? 0) > 0)
        #expect(outcome?.torn == 0)
        #expect(outcome?.backwards == 0)
        #expect(try store.readNow(HeroAndFriendsQuery()).data.hero?.name == "v100")
    }
}
