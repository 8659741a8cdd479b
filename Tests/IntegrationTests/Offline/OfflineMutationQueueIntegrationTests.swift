import CourseCatalogAPI
import Foundation
import Graft
import GraftSQLite
import GraftTestSupport
import Testing

/// The offline mutation queue against the Strawberry server, whose `addNote` applies each
/// `Idempotency-Key` once and reports every arrival (`/test/notes`). The network is cut by a
/// `ManualNetworkMonitor`, or by failures the server injects.
@Suite("Offline mutation queue", .timingSensitive)
struct OfflineMutationQueueIntegrationTests {
    static func makeClient() async throws -> (GraphQLClient, CacheStore, NotebookFixture) {
        let store = CacheStore(configuration: CacheConfiguration(schema: CourseCatalogAPI.schemaMetadata))
        let (client, session) = try await CacheIntegrationTests.makeClient(store: store)
        return (client, store, NotebookFixture(session: session))
    }

    /// The notes a watcher of the notebook shows: (id, position, saved).
    static func shown(_ response: GraphQLResponse<NotebookQuery.Data>) -> [(id: String, position: Int, saved: Bool)] {
        (response.data?.notebook.notes ?? []).map {
            let note = $0.fragments.noteFields
            return (note.id, note.position, note.savedAt != nil)
        }
    }

    @Test("10 mutations queued offline are delivered in order exactly once; their optimistic updates show until replaced")
    func tenQueuedOfflineAreDeliveredInOrder() async throws {
        let (client, store, notebook) = try await Self.makeClient()
        _ = try await client.fetch(NotebookQuery(id: notebook.id), cachePolicy: .networkOnly)
        let watch = StreamCollector(client.watch(NotebookQuery(id: notebook.id), cachePolicy: .cacheOnly))
        #expect(await watch.wait(for: 1).count == 1)

        let monitor = ManualNetworkMonitor(.offline)
        let queue = try OfflineMutationQueue(client: client, monitor: monitor)
        let events = QueueEventLog(await queue.events())
        await queue.start()

        var notes: [JSONValue] = []
        var keys: [String] = []
        for index in 1...10 {
            let id = "\(notebook.id)-note-\(index)"
            notes.append(NotebookFixture.pendingNote(id, text: "Note \(index)"))
            let result = try await queue.perform(AddNoteMutation(notebookId: notebook.id, id: id, text: "Note \(index)"),
                                                 optimisticResponse: try notebook.optimisticResponse(notes))
            guard case .queued(let entry) = result else {
                Issue.record("mutation \(index) was not queued: \(result)")
                return
            }
            keys.append(entry.id)
        }
        // Offline: nothing sent, all ten shown optimistically.
        let offline = await watch.wait(for: 11)
        #expect(offline.count == 11)
        #expect(offline.last.map(Self.shown)?.map(\.id) == (1...10).map { "\(notebook.id)-note-\($0)" })
        #expect(offline.last.map(Self.shown)?.allSatisfy { $0.position == 0 && !$0.saved } == true)
        #expect(await queue.pending.map(\.id) == keys)
        #expect(try await notebook.applied().isEmpty)
        #expect(!events.all.contains { if case .sent = $0 { true } else { false } })

        monitor.set(.online)
        let settled = await events.wait { $0.filter(\.isDelivered).count == 10 }
        let delivered = settled.compactMap { event -> String? in if case .delivered(let entry, _) = event { entry.id } else { nil } }
        #expect(delivered == keys)
        #expect(await queue.pending.isEmpty)

        // The server applied each key once, in the order queued.
        let applied = try await notebook.applied()
        #expect(applied.map(\.key) == keys)
        #expect(applied.map(\.position) == Array(1...10))
        #expect(try await notebook.requestCounts() == Dictionary(uniqueKeysWithValues: keys.map { ($0, 1) }))

        // The watcher showed all ten notes at every step, then the server's data.
        // (The watcher's stream is read by another task: wait until it has caught up with the last change.)
        var final = await watch.wait(for: offline.count + 1)
        await Polling.until {
            final = watch.items
            return final.last.map(Self.shown)?.allSatisfy({ $0.saved }) == true
        }
        let afterOffline = final.dropFirst(10)
        #expect(afterOffline.allSatisfy { Self.shown($0).count == 10 })
        let last = try #require(final.last.map(Self.shown))
        #expect(last.map(\.position) == Array(1...10))
        #expect(last.allSatisfy { $0.saved })
        #expect(await store.optimisticLayerCount == 0)
        watch.cancel()
        events.cancel()
        await queue.stop()
    }

    @Test("a mutation that keeps failing is dead-lettered: its optimistic update is rolled back and reported; retry delivers it, drop forgets it")
    func deadLetterRollsBack() async throws {
        let (client, store, notebook) = try await Self.makeClient()
        try await notebook.seed(store)
        let watch = StreamCollector(client.watch(NotebookQuery(id: notebook.id), cachePolicy: .cacheOnly))
        #expect(await watch.wait(for: 1).last.map(Self.shown)?.isEmpty == true)
        // The next three requests of this session fail with 503: transient, so retried, then given up.
        let (controls, _) = try await notebook.session.post("/test/control", json: ["failNext": ["503", "503", "503"]])
        #expect(controls["failNext"].array?.count == 3)

        let monitor = ManualNetworkMonitor(.online)
        let queue = try OfflineMutationQueue(client: client, monitor: monitor,
                                             configuration: OfflineQueueConfiguration(maxAttempts: 3, retryDelay: .milliseconds(20)))
        let events = QueueEventLog(await queue.events())
        await queue.start()
        let id = "\(notebook.id)-doomed"
        let result = try await queue.perform(AddNoteMutation(notebookId: notebook.id, id: id, text: "Doomed"),
                                             optimisticResponse: try notebook.optimisticResponse([NotebookFixture.pendingNote(id, text: "Doomed")]))
        guard case .queued(let entry) = result else {
            Issue.record("the first attempt should have failed with 503: \(result)")
            return
        }
        let log = await events.wait { $0.contains(where: \.isDeadLettered) }
        #expect(log.filter(\.isFailed).count == 2)
        guard case .deadLettered(let dead, let error)? = log.first(where: \.isDeadLettered) else {
            Issue.record("no dead-letter event: \(log)")
            return
        }
        #expect(dead.id == entry.id)
        #expect(dead.attempts == 3)
        #expect(error.statusCode == 503)
        #expect(await queue.deadLetters.map(\.id) == [entry.id])
        #expect(await queue.pending.isEmpty)
        #expect(await store.optimisticLayerCount == 0)
        // The watcher saw the note appear, then disappear when it was rolled back.
        let shown = await watch.wait(for: 3).map(Self.shown)
        #expect(shown.map(\.count) == [0, 1, 0])
        #expect(try await notebook.applied().isEmpty)

        // A second one dead-lettered the same way, then dropped: reported, gone, never applied.
        _ = try await notebook.session.post("/test/control", json: ["failNext": ["503", "503", "503"]])
        let other = "\(notebook.id)-dropped"
        let second = try await queue.enqueue(AddNoteMutation(notebookId: notebook.id, id: other, text: "Dropped"),
                                             optimisticResponse: try notebook.optimisticResponse([NotebookFixture.pendingNote(other, text: "Dropped")]))
        await events.wait { $0.filter(\.isDeadLettered).count == 2 }
        #expect(await queue.deadLetters.map(\.id) == [entry.id, second.id])
        #expect(try await queue.drop(second.id))
        #expect(await queue.deadLetters.map(\.id) == [entry.id])
        let dropped = await events.wait { $0.contains { if case .dropped = $0 { true } else { false } } }
        #expect(dropped.contains { if case .dropped(let gone) = $0 { gone.id == second.id } else { false } })
        #expect(await watch.wait(for: 5).last.map(Self.shown)?.isEmpty == true)

        // Retried (same key), the first is delivered once and its note is the server's.
        #expect(try await queue.retry(entry.id))
        await events.wait { $0.contains(where: \.isDelivered) }
        #expect(await queue.deadLetters.isEmpty)
        #expect(try await notebook.applied().map(\.key) == [entry.id])
        let final = await watch.wait(for: 7).last.map(Self.shown)
        #expect(final?.map(\.id) == [id])
        #expect(final?.first?.saved == true)
        watch.cancel()
        events.cancel()
        await queue.stop()
    }

    @Test("a rejected mutation (GraphQL errors) is not retried: rolled back and reported; online, perform answers at once")
    func rejectionIsNotRetried() async throws {
        let (client, store, notebook) = try await Self.makeClient()
        try await notebook.seed(store)
        let monitor = ManualNetworkMonitor(.offline)
        let queue = try OfflineMutationQueue(client: client, monitor: monitor)
        let events = QueueEventLog(await queue.events())
        await queue.start()
        let id = "\(notebook.id)-empty"
        let result = try await queue.perform(AddNoteMutation(notebookId: notebook.id, id: id, text: ""),
                                             optimisticResponse: try notebook.optimisticResponse([NotebookFixture.pendingNote(id, text: "")]))
        guard case .queued(let entry) = result else {
            Issue.record("offline, the mutation should be queued: \(result)")
            return
        }
        #expect(await store.optimisticLayerCount == 1)
        monitor.set(.online)
        let log = await events.wait { $0.contains(where: \.isRejected) }
        guard case .rejected(let rejected, let error)? = log.first(where: \.isRejected) else {
            Issue.record("no rejection: \(log)")
            return
        }
        #expect(rejected.id == entry.id)
        #expect(error.code == .graphQLErrors)
        #expect(error.message.contains("must not be empty"))
        #expect(await store.optimisticLayerCount == 0)
        #expect(await queue.pending.isEmpty)
        #expect(await queue.deadLetters.isEmpty)
        #expect(try await notebook.requestCounts() == [entry.id: 1])

        // Online with nothing ahead, `perform` sends at once and returns the server's answer.
        let online = try await queue.perform(AddNoteMutation(notebookId: notebook.id, id: "\(id)-2", text: "Now"),
                                             optimisticResponse: try notebook.optimisticResponse([]))
        guard case .completed(let response) = online else {
            Issue.record("online, the mutation should complete: \(online)")
            return
        }
        #expect(response.data?.addNote.notes.map(\.fragments.noteFields.text) == ["Now"])
        events.cancel()
        await queue.stop()
    }

    @Test("a mutation with a file upload is not queued (the queue keeps JSON only): enqueue refuses it, perform sends it")
    func uploadsAreNotQueued() async throws {
        let (client, _, _) = try await Self.makeClient()
        let queue = try OfflineMutationQueue(client: client, monitor: ManualNetworkMonitor(.online))
        await queue.start()
        let upload = UploadFileMutation(file: GraphQLFile(data: Data("notes".utf8), filename: "notes.txt", mimeType: "text/plain"))
        await #expect {
            try await queue.enqueue(upload)
        } throws: { error in
            (error as? GraftError)?.message.contains("does not keep file uploads") == true
        }
        #expect(await queue.pending.isEmpty)
        let result = try await queue.perform(upload, queueing: .whenUnreachable)
        guard case .completed(let response) = result else {
            Issue.record("the upload should have been sent: \(result)")
            return
        }
        #expect(response.data?.uploadFile.size == 5)
        await queue.stop()
    }

    @Test("a queue reopened from SQLite re-applies its optimistic updates at launch and delivers them")
    func relaunchFromSQLite() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("graft-queue-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("queue.sqlite").path
        let notebookID: String
        var keys: [String] = []
        do {
            // First run: queued offline, then the app ends.
            let (client, store, notebook) = try await Self.makeClient()
            notebookID = notebook.id
            try await notebook.seed(store)
            let queue = try OfflineMutationQueue(client: client, storage: try SQLiteMutationQueueStorage(path: path),
                                                 monitor: ManualNetworkMonitor(.offline))
            await queue.start()
            var notes: [JSONValue] = []
            for index in 1...3 {
                let id = "\(notebook.id)-note-\(index)"
                notes.append(NotebookFixture.pendingNote(id, text: "Note \(index)"))
                keys.append(try await queue.enqueue(AddNoteMutation(notebookId: notebook.id, id: id, text: "Note \(index)"),
                                                    optimisticResponse: try notebook.optimisticResponse(notes)).id)
            }
            await queue.stop()
        }
        // Second run: a new store (optimistic layers are not persisted) and a new queue over the file.
        let (client, store, fixture) = try await Self.makeClient()
        let notebook = NotebookFixture(id: notebookID, session: fixture.session)
        try await notebook.seed(store)
        let monitor = ManualNetworkMonitor(.offline)
        let queue = try OfflineMutationQueue(client: client, storage: try SQLiteMutationQueueStorage(path: path),
                                             monitor: monitor, mutationTypes: [AddNoteMutation.self])
        #expect(await queue.pending.map(\.id) == keys)
        await queue.start()
        #expect(await store.optimisticLayerCount == 3)
        let optimistic = try await store.read(NotebookQuery(id: notebook.id)).data
        #expect(optimistic.notebook.notes.map { $0.fragments.noteFields.position } == [0, 0, 0])
        let events = QueueEventLog(await queue.events())
        monitor.set(.online)
        await events.wait { $0.filter(\.isDelivered).count == 3 }
        #expect(try await notebook.applied().map(\.key) == keys)
        let delivered = try await store.read(NotebookQuery(id: notebook.id)).data
        #expect(delivered.notebook.notes.map { $0.fragments.noteFields.position } == [1, 2, 3])
        let reopened = try SQLiteMutationQueueStorage(path: path)
        #expect(try reopened.loadAll().isEmpty)
        events.cancel()
        await queue.stop()
    }
}
