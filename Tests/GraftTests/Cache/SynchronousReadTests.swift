import CourseCatalogAPI
import Foundation
import GraftTestSupport
import Testing
@testable import Graft

/// `CacheStore.readNow`: reads on the caller's thread, without `await`, that see each write whole.
@Suite struct SynchronousReadTests {
    static func notebook(_ id: String, _ notes: [(String, String)]) throws -> NotebookQuery.Data {
        try NotebookQuery.Data(ObjectData(["notebook": Notebooks.notebook(id, notes: notes)]))
    }

    @Test func aCachedQueryAndFragmentAreReadWithoutAwait() async throws {
        let store = CacheStore()
        try await store.write(data: try Self.notebook("n1", Notebooks.lukeAndHan), for: NotebookQuery(id: "n1"))
        let read = try store.readNow(NotebookQuery(id: "n1"))
        #expect(read.data.notebook.notes.map(\.fragments.noteFields.text) == ["Luke Skywalker", "Han Solo"])
        #expect(try store.readNow(NoteFields.self, at: "Note:1002").data.text == "Han Solo")
        #expect(throws: CacheMiss.self) { try store.readNow(NotebookQuery(id: "n2")) }
    }

    @Test func optimisticLayersAreSeenAndRolledBack() async throws {
        let store = CacheStore()
        try await store.write(data: try Self.notebook("n1", Notebooks.lukeAndHan), for: NotebookQuery(id: "n1"))
        let layer = try await store.addOptimisticLayer(try Notebooks.added("1002", "Han", to: "n1"),
                                                       for: AddNoteMutation(notebookId: "n1", id: "1002", text: "Han"))
        #expect(try store.readNow(NoteFields.self, at: "Note:1002").data.text == "Han")
        try await store.removeOptimisticLayer(layer)
        #expect(try store.readNow(NoteFields.self, at: "Note:1002").data.text == "Han Solo")
    }

    /// Each write stores one version in every note of a notebook in one change; a reader on
    /// another thread reading all the while must always find a single version across the notes.
    @Test(.timingSensitive) func aReadNeverSeesHalfAWrite() async throws {
        let store = CacheStore()
        let ids = (0..<20).map { String(1000 + $0) }
        func version(_ number: Int) throws -> NotebookQuery.Data {
            try Self.notebook("n1", ids.map { ($0, "v\(number)") })
        }
        try await store.write(data: try version(0), for: NotebookQuery(id: "n1"))
        let done = Locked(false)
        let reader = Thread.detachedResult {
            var reads = 0
            var torn = 0
            while !done.withLock({ $0 }) || reads == 0 {
                let texts = Set((try? store.readNow(NotebookQuery(id: "n1")))?.data.notebook.notes.map(\.fragments.noteFields.text) ?? [])
                if texts.count != 1 { torn += 1 }
                reads += 1
            }
            return (reads, torn)
        }
        for number in 1...300 { try await store.write(data: try version(number), for: NotebookQuery(id: "n1")) }
        done.withLock { $0 = true }
        let (reads, torn) = await reader.value
        #expect(reads > 0)
        #expect(torn == 0)
        #expect(try store.readNow(NoteFields.self, at: "Note:1019").data.text == "v300")
    }
}

extension Thread {
    /// Runs `body` on a new thread (not the cooperative pool) and returns its result.
    static func detachedResult<T: Sendable>(_ body: @escaping @Sendable () -> T) -> Task<T, Never> {
        let (stream, continuation) = AsyncStream<T>.makeStream()
        Thread.detachNewThread {
            continuation.yield(body())
            continuation.finish()
        }
        return Task {
            for await value in stream { return value }
            fatalError("the thread ended without a result")
        }
    }
}
