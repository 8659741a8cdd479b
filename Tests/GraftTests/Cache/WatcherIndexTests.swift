import CourseCatalogAPI
import Testing
@testable import Graft

/// Watchers are found by the fields a write changed: a write re-reads exactly the watchers that
/// read a changed field, whatever the number of others.
@Suite struct WatcherIndexTests {
    static func note(_ id: String, _ text: String) throws -> NoteFields {
        try NoteFields(ObjectData(["__typename": "Note", "id": .string(id), "text": .string(text), "position": 0, "savedAt": .null]))
    }

    @Test func oneChangedObjectReReadsOneWatcherOfAThousand() async throws {
        let store = CacheStore()
        let delivered = Locked<[String]>([])
        for index in 0..<1_000 {
            let id = String(index)
            try await store.write(try Self.note(id, "note \(index)"), at: CacheKey("Note:\(id)"))
            _ = await store.addWatcher(NoteFields.self, at: CacheKey("Note:\(id)")) { result in
                if case .success(let read) = result { delivered.withLock { $0.append(read.data.text) } }
            }
        }
        #expect(await store.watcherCount == 1_000)
        try await store.write(try Self.note("417", "changed"), at: "Note:417")
        #expect(await store.watcherRefreshCount == 1)
        #expect(delivered.withLock { $0 } == ["changed"])
        // Equal values change nothing, so no watcher is re-read.
        try await store.write(try Self.note("417", "changed"), at: "Note:417")
        #expect(await store.watcherRefreshCount == 1)
    }

    @Test func removedWatchersLeaveTheIndex() async throws {
        let store = CacheStore()
        try await store.write(try Self.note("1", "one"), at: "Note:1")
        let (id, initial) = await store.addWatcher(NoteFields.self, at: "Note:1") { _ in }
        #expect(try initial.get().data.text == "one")
        #expect(await store.watchersByField.isEmpty == false)
        await store.removeWatcher(id)
        #expect(await store.watchersByField.isEmpty)
        try await store.write(try Self.note("1", "two"), at: "Note:1")
        #expect(await store.watcherRefreshCount == 0)
    }
}
