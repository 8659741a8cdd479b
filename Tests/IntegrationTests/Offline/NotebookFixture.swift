import CourseCatalogAPI
import Foundation
import Graft

/// A notebook of its own for one test (the server keeps notebooks by id), the optimistic
/// responses an app would write for `AddNote`, and what the server says arrived.
struct NotebookFixture {
    let id: String
    let session: TestClient

    init(id: String = "notebook-\(UUID().uuidString.prefix(8).lowercased())", session: TestClient) {
        self.id = id
        self.session = session
    }

    /// The note fields an app shows before the server has them: position 0, not saved.
    static func pendingNote(_ id: String, text: String) -> JSONValue {
        .object(["__typename": "Note", "id": .string(id), "text": .string(text), "position": 0, "savedAt": .null])
    }

    /// `AddNote`'s optimistic response: the notebook with `notes` (the ones the app shows) in it.
    func optimisticResponse(_ notes: [JSONValue]) throws -> AddNoteMutation.Data {
        try AddNoteMutation.Data(ObjectData(["addNote": .object(["__typename": "Notebook", "id": .string(id), "notes": .array(notes)])]))
    }

    /// An empty notebook as `NotebookQuery` would have read it, written to `store` (the screen loaded before going offline).
    func seed(_ store: CacheStore) async throws {
        let data = try NotebookQuery.Data(ObjectData(["notebook": .object(["__typename": "Notebook", "id": .string(id), "notes": []])]))
        try await store.write(data: data, for: NotebookQuery(id: id))
    }

    /// The notes the server applied, in order: (idempotency key, note id, position).
    func applied() async throws -> [(key: String, id: String, position: Int)] {
        let (json, _) = try await session.getJSON("/test/notes?notebook=\(id)")
        return (json["applied"].array ?? []).map { ($0["key"].string ?? "", $0["id"].string ?? "", $0["position"].int ?? -1) }
    }

    /// How many requests arrived with each idempotency key.
    func requestCounts() async throws -> [String: Int] {
        let (json, _) = try await session.getJSON("/test/notes?notebook=\(id)")
        return (json["requests"].object ?? [:]).compactMapValues(\.int)
    }
}

/// Collects a queue's events in the background.
final class QueueEventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [OfflineQueueEvent] = []
    private var task: Task<Void, Never>?

    init(_ stream: AsyncStream<OfflineQueueEvent>) {
        task = Task { [self] in
            for await event in stream { lock.withLock { events.append(event) } }
        }
    }

    var all: [OfflineQueueEvent] { lock.withLock { events } }

    /// Waits (``Polling/bound`` stops a hang) until `predicate` holds for the events; returns them.
    @discardableResult
    func wait(until predicate: ([OfflineQueueEvent]) -> Bool) async -> [OfflineQueueEvent] {
        await Polling.until { predicate(all) }
        return all
    }

    func cancel() { task?.cancel() }
}

extension OfflineQueueEvent {
    var isDelivered: Bool { if case .delivered = self { true } else { false } }
    var isDeadLettered: Bool { if case .deadLettered = self { true } else { false } }
    var isRejected: Bool { if case .rejected = self { true } else { false } }
    var isFailed: Bool { if case .failed = self { true } else { false } }
}
