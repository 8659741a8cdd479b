import Testing
@testable import Graft
import CourseCatalogAPI

@Suite struct OptimisticUpdateTests {
    /// `AddNote` data saving note 1000 of notebook n1 as `text`.
    static func optimistic(_ text: String) throws -> AddNoteMutation.Data {
        try Notebooks.added("1000", text, to: "n1")
    }

    /// A server that answers queries at once and holds mutations until `gate` opens, then saves
    /// the note as `mutationText` (or fails when it is nil).
    static func transport(gate: Gate, mutationText: String?) -> StubTransport {
        Notebooks.transport { _ in
            await gate.wait()
            guard let mutationText else { throw GraftError(.httpStatus, message: "503", statusCode: 503) }
            return GraphQLResponseBody(data: .object(try Self.optimistic(mutationText).__data.fields))
        }
    }

    @Test func theLayerIsSeenAtOnceThenReplacedByTheServersData() async throws {
        let gate = Gate()
        let store = CacheStore()
        let client = GraphQLClient(transport: Self.transport(gate: gate, mutationText: "Luke (server)"), store: store)
        let watch = StreamCollector(client.watch(NotebookQuery(id: "n1")))
        await watch.wait(for: 1)
        let mutation = Task {
            try await client.perform(AddNoteMutation(notebookId: "n1", id: "1000", text: "x"),
                                     optimisticResponse: try Self.optimistic("Luke (optimistic)"))
        }
        let optimistic = await watch.wait(for: 2)
        #expect(optimistic.last?.data?.notebook.notes.first?.text == "Luke (optimistic)")
        #expect(try await store.read(NotebookQuery(id: "n1")).data.notebook.notes.first?.text == "Luke (optimistic)")
        // The base records are untouched until the server answers.
        #expect(try await store.withinReadTransaction { try $0.record(for: "Note:1000")?["text"] } == "Luke Skywalker")
        await gate.open()
        let response = try await mutation.value
        #expect(response.data?.addNote.notes.first?.text == "Luke (server)")
        let final = await watch.wait(for: 3)
        #expect(final.count == 3)
        #expect(final.last?.data?.notebook.notes.first?.text == "Luke (server)")
        #expect(await store.optimisticLayerCount == 0)
        #expect(try await store.record(for: "Note:1000")?["text"] == "Luke (server)")
        watch.cancel()
    }

    @Test func aFailedOptimisticMutationRollsBackAndNotifies() async throws {
        let gate = Gate()
        let store = CacheStore()
        let client = GraphQLClient(transport: Self.transport(gate: gate, mutationText: nil), store: store)
        let watch = StreamCollector(client.watch(NotebookQuery(id: "n1")))
        await watch.wait(for: 1)
        let mutation = Task {
            try await client.perform(AddNoteMutation(notebookId: "n1", id: "1000", text: "x"),
                                     optimisticResponse: try Self.optimistic("Luke (optimistic)"))
        }
        #expect(await watch.wait(for: 2).last?.data?.notebook.notes.first?.text == "Luke (optimistic)")
        await gate.open()
        await #expect(throws: GraftError.self) { try await mutation.value }
        let rolledBack = await watch.wait(for: 3)
        #expect(rolledBack.count == 3)
        #expect(rolledBack.last?.data?.notebook.notes.first?.text == "Luke Skywalker")
        #expect(await store.optimisticLayerCount == 0)
        #expect(try await store.read(NotebookQuery(id: "n1")).data.notebook.notes.first?.text == "Luke Skywalker")
        watch.cancel()
    }

    @Test func layersStackAndRemoveIndependently() async throws {
        let store = CacheStore()
        try await store.write(data: try Self.optimistic("Luke"), for: AddNoteMutation(notebookId: "n1", id: "1000", text: "Luke"))
        let first = try await store.addOptimisticLayer(try Self.optimistic("A"), for: AddNoteMutation(notebookId: "n1", id: "1000", text: "A"))
        let second = try await store.addOptimisticLayer(try Self.optimistic("B"), for: AddNoteMutation(notebookId: "n1", id: "1000", text: "B"))
        #expect(try await store.record(for: "Note:1000")?["text"] == "B")
        try await store.removeOptimisticLayer(second)
        #expect(try await store.record(for: "Note:1000")?["text"] == "A")
        try await store.removeOptimisticLayer(first)
        #expect(try await store.record(for: "Note:1000")?["text"] == "Luke")
    }
}
