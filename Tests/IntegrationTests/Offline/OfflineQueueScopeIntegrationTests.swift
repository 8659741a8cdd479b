import CourseCatalogAPI
import Foundation
import Graft
import GraftSQLite
import GraftTestSupport
import Testing

/// Replay by scope against the Strawberry server, one notebook per scope. The server counts each
/// `addNote` on arrival and then holds it (the hold `addNote:<notebook>`) until the test releases
/// that notebook, so the test sees from the server's counters what is in flight at once.
@Suite("Offline mutation queue scopes", .timingSensitive)
struct OfflineQueueScopeIntegrationTests {
    /// Waits (``Polling/bound`` stops a hang) until the server's counters satisfy `predicate`.
    static func waitForServer(_ notebooks: [NotebookFixture],
                              until predicate: ([[String: Int]]) -> Bool) async throws -> [[String: Int]] {
        var counts: [[String: Int]] = []
        try await Polling.until {
            counts = []
            for notebook in notebooks { counts.append(try await notebook.requestCounts()) }
            return predicate(counts)
        }
        return counts
    }

    @Test("two notebooks' mutations are in flight at once; a held notebook holds up only itself; each notebook's order is kept")
    func scopesOverlapAndKeepTheirOrder() async throws {
        let store = CacheStore(configuration: CacheConfiguration(schema: CourseCatalogAPI.schemaMetadata))
        let (client, session) = try await CacheIntegrationTests.makeClient(store: store)
        let first = NotebookFixture(session: session)
        let second = NotebookFixture(id: first.id + "-b", session: session)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("graft-queue-scopes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("queue.sqlite").path

        let held = RequestOptions(headers: ["X-Test-Hold": "addNote:\(first.id),addNote:\(second.id)"])
        let monitor = ManualNetworkMonitor(.offline)
        let queue = try OfflineMutationQueue(client: client, storage: try SQLiteMutationQueueStorage(path: path), monitor: monitor,
                                             mutationTypes: [AddNoteMutation.self],
                                             configuration: OfflineQueueConfiguration(requestOptions: held))
        let events = QueueEventLog(await queue.events())
        await queue.start()
        var keys: [String: [String]] = [:]
        for index in 1...10 {
            let notebook = index.isMultiple(of: 2) ? second : first
            let id = "\(notebook.id)-note-\(index)"
            let entry = try await queue.enqueue(AddNoteMutation(notebookId: notebook.id, id: id, text: "Note \(index)"),
                                                optimisticResponse: try notebook.optimisticResponse([NotebookFixture.pendingNote(id, text: "Note \(index)")]),
                                                scope: notebook.id)
            keys[notebook.id, default: []].append(entry.id)
        }
        // The queue's file holds each entry's scope.
        #expect(try SQLiteMutationQueueStorage(path: path).loadAll().map(\.scope)
                == (1...10).map { $0.isMultiple(of: 2) ? second.id : first.id })
        monitor.set(.online)

        // Both notebooks' first mutations reach the server, once each, and wait there at the same time.
        let arrived = try await Self.waitForServer([first, second]) { $0.allSatisfy { $0.count == 1 } }
        #expect(arrived == [[keys[first.id]![0]: 1], [keys[second.id]![0]: 1]])
        let appliedWhileHeld = [try await first.applied().count, try await second.applied().count]
        // A held request answered already was let go by the server's bound or by its client leaving.
        let holds = try await session.stats()
        #expect(appliedWhileHeld == [0, 0],
                "let go by the bound: \(holds["heldTimeouts"]); clients gone: \(holds["heldDisconnects"])")

        // The first notebook let go: all of it is applied while the second still holds its first.
        _ = try await session.post("/test/control", json: ["release": ["addNote:\(first.id)"]])
        await events.wait { log in log.filter { $0.isDelivered && $0.entry?.scope == first.id }.count == 5 }
        #expect(try await first.applied().map(\.key) == keys[first.id])
        #expect(try await second.applied().isEmpty)
        #expect(try await second.requestCounts() == [keys[second.id]![0]: 1], "the second notebook's next waits for its first")

        _ = try await session.post("/test/control", json: ["release": ["addNote:\(second.id)"]])
        await events.wait { $0.filter(\.isDelivered).count == 10 }
        for notebook in [first, second] {
            let applied = try await notebook.applied()
            #expect(applied.map(\.key) == keys[notebook.id], "the order queued, per notebook")
            #expect(applied.map(\.position) == Array(1...5))
            #expect(try await notebook.requestCounts().values.allSatisfy { $0 == 1 })
        }
        #expect(await queue.pending.isEmpty)
        #expect(try SQLiteMutationQueueStorage(path: path).loadAll().isEmpty)
        #expect(await store.optimisticLayerCount == 0)
        events.cancel()
        await queue.stop()
    }
}
