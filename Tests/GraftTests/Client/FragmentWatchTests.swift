import CourseCatalogAPI
import GraftTestSupport
import Testing
@testable import Graft

/// `client.watch(Fragment.self, at:)`: one object's fragment, updated by any operation that
/// changes a field it read, and by nothing else.
@Suite(.timingSensitive) struct FragmentWatchTests {
    @Test func aNoteFollowsAMutationOfAnotherOperation() async throws {
        let store = CacheStore()
        let client = GraphQLClient(transport: Notebooks.transport(), store: store)
        let notebook = try await client.fetch(NotebookQuery(id: "n1"))
        let han = try #require(notebook.data?.notebook.notes.last?.fragments.noteFields)
        let watch = StreamCollector(client.watch(han))
        #expect(await watch.wait(for: 1).first??.text == "Han Solo")

        let refreshes = await store.watcherRefreshCount
        _ = try await client.perform(AddNoteMutation(notebookId: "n1", id: "1000", text: "Luke"))   // another note
        _ = try await client.perform(AddNoteMutation(notebookId: "n1", id: "1002", text: "Han Solo")) // equal values
        #expect(await store.watcherRefreshCount == refreshes)
        _ = try await client.perform(AddNoteMutation(notebookId: "n1", id: "1002", text: "Han"))
        let updates = await watch.wait(for: 2)
        #expect(updates.count == 2)
        #expect(updates.last??.text == "Han")
        #expect(await store.watcherRefreshCount == refreshes + 1)

        try await store.removeRecord("Note:1002")
        #expect(await watch.wait(for: 3).last! == nil)
        watch.cancel()
        try await waitUntil { await store.watcherCount == 0 }
    }

    @Test func aValueWithoutAKeyFails() async throws {
        let client = GraphQLClient(transport: Notebooks.transport(), store: CacheStore())
        let keyless = try NoteFields(ObjectData(["id": "1", "text": "", "position": 0, "savedAt": .null]))
        await #expect(throws: GraftError.self) { for try await _ in client.watch(keyless) {} }
    }

    /// Waits until `condition` holds (a bound of five minutes on a hang only).
    func waitUntil(_ condition: @Sendable () async -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(300)
        while await !condition() {
            guard ContinuousClock.now < deadline else { throw CancellationError() }
            await Task.yield()
        }
    }
}
