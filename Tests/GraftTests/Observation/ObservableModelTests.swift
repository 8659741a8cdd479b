import CourseCatalogAPI
import GraftTestSupport
import Testing
@testable import Graft

/// The models through `withObservationTracking`, as SwiftUI sees them: what a view reads changes
/// only when its value does. The server is a stub that answers when the test opens its gate.
@Suite(.timingSensitive) @MainActor struct ObservableModelTests {
    /// Holds each request until `open()`; `arrivals` yields once per request received.
    final class Gate: Sendable {
        private let state = Locked<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))
        let arrivals: AsyncStream<Void>
        private let arrived: AsyncStream<Void>.Continuation

        init() { (arrivals, arrived) = AsyncStream<Void>.makeStream() }

        func pass() async {
            arrived.yield()
            await withCheckedContinuation { continuation in
                let go = state.withLock { state -> Bool in
                    if state.open { return true }
                    state.waiting.append(continuation)
                    return false
                }
                if go { continuation.resume() }
            }
        }

        func open() {
            for waiter in state.withLock({ state in defer { state.waiting = [] }; state.open = true; return state.waiting }) {
                waiter.resume()
            }
        }

        func waitForArrival() async {
            for await _ in arrivals { return }
        }
    }

    /// A client with a store of its own whose requests pass `gate`.
    static func gatedClient(_ gate: Gate) -> GraphQLClient {
        gatedClient(gate, store: CacheStore())
    }

    @Test func aViewReadingOnlyDataIsNotInvalidatedByLoading() async throws {
        let gate = Gate()
        let client = Self.gatedClient(gate)
        gate.open()
        _ = try await client.fetch(NotebookQuery(id: "n1"))
        let reopened = Gate()
        let model = QueryModel(NotebookQuery(id: "n1"), client: Self.gatedClient(reopened, sharing: client), cachePolicy: .cacheAndNetwork)
        #expect(model.data?.notebook.notes.count == 2)
        #expect(model.isLoading)
        let dataView = ObservationProbe { _ = model.data }
        let loadingView = ObservationProbe { _ = model.isLoading }
        await reopened.waitForArrival()
        reopened.open()
        await loadingView.wait(forChanges: 1)
        #expect(model.isLoading == false)
        // The server said what the cache had: the data view saw nothing change.
        #expect(dataView.changes == 0)
        #expect(model.source == .cache)
    }

    @Test func aFragmentModelFollowsItsNoteOnly() async throws {
        let gate = Gate()
        gate.open()
        let client = Self.gatedClient(gate)
        _ = try await client.fetch(NotebookQuery(id: "n1"))
        let store = try #require(client.store)
        let han = FragmentModel(NoteFields.self, at: "Note:1002", client: client)
        #expect(han.data?.text == "Han Solo")
        let view = ObservationProbe { _ = han.data }
        while await store.watcherCount < 1 { await Task.yield() }

        _ = try await client.perform(AddNoteMutation(notebookId: "n1", id: "1000", text: "Luke"))
        _ = try await client.perform(AddNoteMutation(notebookId: "n1", id: "1002", text: "Han Solo"))
        #expect(await store.watcherRefreshCount == 0)
        #expect(view.changes == 0)
        _ = try await client.perform(AddNoteMutation(notebookId: "n1", id: "1002", text: "Han"))
        await view.wait(forChanges: 1)
        #expect(han.data?.text == "Han")
    }

    @Test func aMutationModelShowsItsOptimisticUpdateThenTheServers() async throws {
        let gate = Gate()
        let client = Self.gatedClient(gate)
        let warmUp = Task { try await client.fetch(NotebookQuery(id: "n1")) }
        gate.open()
        _ = try await warmUp.value
        let held = Gate()
        let mutating = Self.gatedClient(held, sharing: client)
        let han = FragmentModel(NoteFields.self, at: "Note:1002", client: mutating)
        let view = ObservationProbe { _ = han.data }
        let save = MutationModel<AddNoteMutation>(client: mutating)
        let saving = Task { await save.perform(AddNoteMutation(notebookId: "n1", id: "1002", text: "Han"),
                                               optimisticResponse: try! Notebooks.added("1002", "Han (saving)", to: "n1")) }
        await held.waitForArrival()
        #expect(save.isPerforming)
        await view.wait(forChanges: 1)
        #expect(han.data?.text == "Han (saving)")
        held.open()
        await saving.value
        #expect(save.isPerforming == false)
        #expect(save.error == nil)
        #expect(save.data?.addNote.notes.last?.fragments.noteFields.text == "Han")
        await view.wait(forChanges: 2)
        #expect(han.data?.text == "Han")
    }

    @Test func releasingAModelCancelsItsRequestAndFreesIt() async throws {
        let gate = Gate()
        var model: QueryModel<NotebookQuery>? = QueryModel(NotebookQuery(id: "n1"), client: Self.gatedClient(gate),
                                                           cachePolicy: .networkOnly)
        weak let released = model
        await gate.waitForArrival()
        #expect(model?.isLoading == true)
        model = nil
        #expect(released == nil)
    }
}

extension ObservableModelTests {
    /// A client over `client`'s store whose requests pass `gate`.
    static func gatedClient(_ gate: Gate, sharing client: GraphQLClient) -> GraphQLClient {
        gatedClient(gate, store: client.store)
    }

    /// A client over `store` whose requests wait at `gate`, then get the notebooks server's answer.
    static func gatedClient(_ gate: Gate, store: CacheStore?) -> GraphQLClient {
        let notebooks = Notebooks.transport()
        return GraphQLClient(transport: StubTransport { request in
            await gate.pass()
            return try await notebooks.execute(request, options: RequestOptions())
        }, store: store)
    }
}
