import Foundation

/// A mutation waiting in an ``OfflineMutationQueue``: everything needed to send it again after a
/// relaunch (the request as JSON values, never a Swift type) and to rebuild its optimistic update.
public struct QueuedMutation: Sendable, Hashable, Identifiable {
    /// Pending (sent in order within its ``scope`` when the network allows) or dead-lettered (kept for the app).
    public enum State: String, Sendable, Hashable {
        case pending
        /// Gave up after ``OfflineQueueConfiguration/maxAttempts`` transient failures; its
        /// optimistic update was rolled back. ``OfflineMutationQueue/retry(_:)`` or
        /// ``OfflineMutationQueue/drop(_:)`` it.
        case deadLettered
    }

    /// The idempotency key, sent with every attempt (``OfflineQueueConfiguration/idempotencyHeader``),
    /// so a server that dedupes applies the mutation once however often it arrives.
    public let id: String
    /// The position in the queue: entries of one ``scope`` are sent in increasing order. A
    /// retried dead letter gets a new, larger one.
    public var sequence: Int64
    /// The request: operation name, text and/or persisted identifier, variables as sent.
    public let request: GraphQLRequest
    /// Entries of one scope are sent one at a time, in order, each after the one before it has
    /// settled; entries of different scopes may be in flight together (up to
    /// ``OfflineQueueConfiguration/maxConcurrentReplays``). `nil`, the default, is one scope too,
    /// so a queue whose entries name no scope sends them all in order, one at a time.
    public let scope: String?
    /// The optimistic response's `data` object, re-applied as an optimistic layer at launch.
    public let optimisticData: JSONValue?
    /// Attempts that failed with a transient error.
    public var attempts: Int
    /// When the mutation was queued.
    public let enqueuedAt: Date
    /// Pending or dead-lettered.
    public var state: State
    /// The last transient failure, described without secrets (for a dead letter, why it gave up).
    public var lastError: String?

    /// Creates an entry (the queue makes them; storages and tests rebuild them).
    public init(id: String, sequence: Int64, request: GraphQLRequest, scope: String? = nil, optimisticData: JSONValue? = nil,
                attempts: Int = 0, enqueuedAt: Date = Date(), state: State = .pending, lastError: String? = nil) {
        self.id = id
        self.sequence = sequence
        self.request = request
        self.scope = scope
        self.optimisticData = optimisticData
        self.attempts = attempts
        self.enqueuedAt = enqueuedAt
        self.state = state
        self.lastError = lastError
    }
}

extension QueuedMutation {
    /// A new idempotency key: a random (version 4) UUID in lower case. The bits come from
    /// `SystemRandomNumberGenerator` (`getrandom`) because Foundation's `UUID()` opens and reads
    /// `/dev/urandom` on each call on Linux, a sixth of an enqueue's time.
    static func newKey() -> String {
        var random = SystemRandomNumberGenerator()
        let high = random.next() as UInt64
        let low = random.next() as UInt64
        var bytes = (0..<16).map { UInt8(truncatingIfNeeded: ($0 < 8 ? high >> (8 * $0) : low >> (8 * ($0 - 8)))) }
        bytes[6] = bytes[6] & 0x0F | 0x40  // version 4
        bytes[8] = bytes[8] & 0x3F | 0x80  // RFC 4122 variant
        let uuid = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                               bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        return uuid.uuidString.lowercased()
    }
}

/// Where an ``OfflineMutationQueue`` keeps its entries. Each method is one atomic change: after a
/// crash the storage holds exactly the changes whose call returned (and perhaps the one in
/// progress, whole or not at all). Owned by one queue (an actor), so not required to be `Sendable`.
public protocol OfflineMutationStorage {
    /// Every entry, pending and dead-lettered, by increasing ``QueuedMutation/sequence``.
    func loadAll() throws -> [QueuedMutation]
    /// Adds an entry.
    func insert(_ entry: QueuedMutation) throws
    /// Replaces the stored entry with the same ``QueuedMutation/id`` (attempts, state, sequence,
    /// error; its request and scope never change).
    func update(_ entry: QueuedMutation) throws
    /// Removes the entry with this idempotency key (nothing when there is none).
    func remove(id: String) throws
}

/// Entries in memory: lost when the process ends. For tests and for apps that only need the queue
/// while they run; `SQLiteMutationQueueStorage` (GraftSQLite) keeps them across launches.
public final class InMemoryOfflineMutationStorage: OfflineMutationStorage {
    private var entries: [String: QueuedMutation] = [:]

    /// An empty storage.
    public init() {}

    public func loadAll() throws -> [QueuedMutation] {
        entries.values.sorted { $0.sequence < $1.sequence }
    }

    public func insert(_ entry: QueuedMutation) throws {
        entries[entry.id] = entry
    }

    public func update(_ entry: QueuedMutation) throws {
        entries[entry.id] = entry
    }

    public func remove(id: String) throws {
        entries[id] = nil
    }
}
