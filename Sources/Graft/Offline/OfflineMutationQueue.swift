import Foundation
@_spi(Generated) import GraftAPI

/// Mutations that wait for the network: sent in the order queued when the ``NetworkMonitor`` says
/// the network is up (and at ``start()``), each with an idempotency key header so that a server
/// that dedupes applies it once however often it arrives.
///
/// Order is kept per ``QueuedMutation/scope``: entries of one scope are sent one at a time, each
/// once the one before it has settled, while entries of different scopes may be in flight
/// together, up to ``OfflineQueueConfiguration/maxConcurrentReplays``. Entries that name no scope
/// share one, so without scopes the queue is strictly first in, first out.
///
/// An entry is written to the storage before its first attempt and removed only once the server's
/// answer is known, so nothing is lost when the app is killed; an entry whose answer was lost is
/// sent again with the same key. Transient failures (no network, timeouts, 5xx, 408, 429) keep the
/// entry first in its scope's line with back-off (other scopes go on), up to
/// ``OfflineQueueConfiguration/maxAttempts``, then it is dead-lettered; a rejection (GraphQL errors, other 4xx) removes it. A mutation's optimistic update
/// stays applied while it waits, is re-applied at launch, is replaced by the server's data on
/// delivery and rolled back on rejection or dead-lettering. ``events()`` reports all of it.
///
/// ```swift
/// let queue = try OfflineMutationQueue(client: client, storage: try SQLiteMutationQueueStorage(path: path),
///                                      monitor: monitor, mutationTypes: [AddNoteMutation.self])
/// await queue.start()   // re-applies optimistic updates, replays what the last run left
/// let result = try await queue.perform(AddNoteMutation(...), optimisticResponse: expected)
/// ```
///
/// Storage failures are ``GraftError``s with code ``GraftError/Code/cache``.
public actor OfflineMutationQueue {
    /// The client whose transport sends and whose store holds the optimistic updates.
    public let client: GraphQLClient
    /// Decides when to send.
    public let monitor: any NetworkMonitor
    /// Retry limit, back-off, idempotency header, request options.
    public let configuration: OfflineQueueConfiguration

    let storage: any OfflineMutationStorage
    /// Pending and dead-lettered entries, by id.
    var entries: [String: QueuedMutation] = [:]
    /// The pending entries' ids by scope, and the scopes that may send next.
    var lanes = ReplayLanes()
    var nextSequence: Int64
    /// How to write each known mutation's data to the store.
    var mutationTypes = KnownMutationTypes()
    /// Optimistic layer of each entry that has one applied.
    var layers: [String: Int] = [:]
    /// The attempts running, by entry id (cancelled by ``stop()``).
    var attempts: [String: Task<Void, Never>] = [:]
    /// Callers of ``perform(_:optimisticResponse:queueing:)`` waiting for their entry's first attempt.
    var firstAttemptWaiters: [String: CheckedContinuation<FirstAttempt, Never>] = [:]
    var observers: [Int: AsyncStream<OfflineQueueEvent>.Continuation] = [:]
    var nextObserver = 0
    var started = false
    var followTask: Task<Void, Never>?
    /// The timer of each scope backing off after a transient failure.
    var backOffTimers: [String?: Task<Void, Never>] = [:]

    /// A queue over `storage` (whose entries are loaded now; nothing is sent before ``start()``).
    /// `mutationTypes` lets entries left by an earlier run rebuild their optimistic updates and
    /// write their results to the store; an entry of another type is still sent, but its
    /// optimistic update is not re-applied. Throws when the storage cannot be read.
    public init(client: GraphQLClient, storage: sending any OfflineMutationStorage = InMemoryOfflineMutationStorage(),
                monitor: any NetworkMonitor, mutationTypes: [any GraphQLMutation.Type] = [],
                configuration: OfflineQueueConfiguration = OfflineQueueConfiguration()) throws(GraftError) {
        self.client = client
        self.monitor = monitor
        self.configuration = configuration
        self.storage = storage
        let loaded: [QueuedMutation]
        do {
            loaded = try storage.loadAll().sorted { $0.sequence < $1.sequence }
        } catch {
            throw Self.storageError(error, "could not be read")
        }
        nextSequence = (loaded.last?.sequence ?? 0) + 1
        for entry in loaded {
            entries[entry.id] = entry
            if entry.state == .pending { lanes.append(entry.id, scope: entry.scope) }
        }
        for type in mutationTypes { self.mutationTypes.register(QueuedMutationType(type)) }
    }

    deinit {
        followTask?.cancel()
        for attempt in attempts.values { attempt.cancel() }
        for timer in backOffTimers.values { timer.cancel() }
    }

    // MARK: Running

    /// Re-applies the optimistic updates of pending entries, then follows the monitor: replays
    /// whenever the network is (or comes back) up. Calling it again does nothing.
    public func start() async {
        guard !started else { return }
        started = true
        for entry in pending { await applyOptimisticLayer(of: entry) }
        let statuses = monitor.statuses()
        followTask = Task { [weak self] in
            for await status in statuses where status.isSatisfied {
                await self?.networkReturned()
            }
        }
    }

    /// Stops following the monitor and replaying (attempts in flight are cancelled; their entries
    /// stay queued unless the server's answer has already arrived).
    public func stop() {
        started = false
        followTask?.cancel()
        followTask = nil
        for attempt in attempts.values { attempt.cancel() }
        releaseFirstAttemptWaiters()
    }

    /// A stream of everything that happens to entries from now on, until the consuming task is
    /// cancelled. Events are buffered without limit: keep reading.
    public func events() -> AsyncStream<OfflineQueueEvent> {
        let (stream, continuation) = AsyncStream<OfflineQueueEvent>.makeStream()
        nextObserver += 1
        let id = nextObserver
        observers[id] = continuation
        continuation.onTermination = { [weak self] _ in Task { await self?.removeObserver(id) } }
        return stream
    }

    // MARK: Queueing

    /// Queues a mutation without trying it first (it is sent in order after the entries of its
    /// `scope` queued before it; see ``QueuedMutation/scope``). Its optimistic update, if any, is
    /// applied at once and kept until the mutation settles. A mutation with file uploads is
    /// refused (code `cache`): the queue keeps JSON only.
    @discardableResult
    public func enqueue<Mutation: GraphQLMutation>(_ mutation: Mutation, optimisticResponse: Mutation.Data? = nil,
                                                   scope: String? = nil) async throws(GraftError) -> QueuedMutation {
        let request = GraphQLRequest(mutation)
        guard request.uploads.isEmpty else {
            throw GraftError(.cache, message: "the offline mutation queue does not keep file uploads; \(Mutation.operationName) "
                             + "was not queued (send it with GraphQLClient.perform)", operation: Mutation.operationName)
        }
        mutationTypes.register(QueuedMutationType(Mutation.self))
        let entry = QueuedMutation(id: QueuedMutation.newKey(), sequence: nextSequence, request: request, scope: scope,
                                   optimisticData: optimisticResponse.map { .object($0.__data.fields) })
        try insert(entry)
        await applyOptimisticLayer(of: entry)
        kick()
        return entry
    }

    /// Performs a mutation through the queue. With ``OfflineQueueing/never`` it is
    /// `client.perform(_:optimisticResponse:options:)` with the queue's request options. Otherwise
    /// it is queued in `scope` (and so survives a crash) and, when the network is up, sent as soon
    /// as the entries of its scope ahead of it are settled; the result says what happened to that
    /// first attempt: the server's answer (errors included, or thrown per `throwsOnGraphQLErrors`;
    /// a refusing status is thrown), or `.queued` when it must wait (offline, not started, a
    /// transient failure, or an entry ahead of it in its scope backing off).
    /// `queueing` defaults to ``OfflineQueueing/whenUnreachable`` for a mutation with an
    /// optimistic response and to ``OfflineQueueing/never`` for one without; a mutation with file
    /// uploads is never queued.
    public func perform<Mutation: GraphQLMutation>(_ mutation: Mutation, optimisticResponse: Mutation.Data? = nil,
                                                   queueing: OfflineQueueing? = nil,
                                                   scope: String? = nil) async throws -> OfflineMutationResult<Mutation.Data> {
        let queueing = GraphQLRequest(mutation).uploads.isEmpty
            ? queueing ?? (optimisticResponse == nil ? .never : .whenUnreachable)
            : .never  // files are not kept in the queue
        guard queueing == .whenUnreachable else {
            return .completed(try await client.perform(mutation, optimisticResponse: optimisticResponse,
                                                       options: configuration.requestOptions))
        }
        let entry = try await enqueue(mutation, optimisticResponse: optimisticResponse, scope: scope)
        guard started, monitor.status.isSatisfied else { return .queued(entry) }
        let outcome = await withCheckedContinuation { continuation in
            firstAttemptWaiters[entry.id] = continuation
            kick()
        }
        let options = configuration.requestOptions
        switch outcome {
        case .queued:
            return .queued(entries[entry.id] ?? entry)
        case .rejected(let error):
            throw client.withContext(error, mutation, options)
        case .answered(let body):
            do {
                return .completed(try GraphQLClient.typedResponse(body, operationName: Mutation.operationName,
                                                                  as: Mutation.Data.self, options: options))
            } catch {
                throw client.withContext(error, mutation, options)
            }
        }
    }

    // MARK: Reading and managing

    /// Entries waiting to be sent, by sequence (the order they are sent in within each scope).
    public var pending: [QueuedMutation] { entries(in: .pending) }

    /// Entries that gave up after the retry limit, oldest first.
    public var deadLetters: [QueuedMutation] { entries(in: .deadLettered) }

    func entries(in state: QueuedMutation.State) -> [QueuedMutation] {
        entries.values.filter { $0.state == state }.sorted { $0.sequence < $1.sequence }
    }

    /// Puts a dead letter back at the end of the queue with its attempts reset and the same
    /// idempotency key (the server may have applied an attempt whose answer was lost), and
    /// re-applies its optimistic update. Returns false when `id` is not a dead letter.
    @discardableResult
    public func retry(_ id: String) async throws(GraftError) -> Bool {
        guard var entry = entries[id], entry.state == .deadLettered else { return false }
        entry.state = .pending
        entry.attempts = 0
        entry.lastError = nil
        entry.sequence = nextSequence
        try store({ try storage.update(entry) }, entry, "could not record a retry")
        nextSequence += 1
        entries[id] = entry
        lanes.append(id, scope: entry.scope)
        await applyOptimisticLayer(of: entry)
        emit(.enqueued(entry))
        kick()
        return true
    }

    /// Removes an entry (dead-lettered or pending, but not the one being sent) and rolls its
    /// optimistic update back. Returns false when there is no such entry or it is in flight.
    @discardableResult
    public func drop(_ id: String) async throws(GraftError) -> Bool {
        guard let entry = entries[id], !lanes.isInFlight(id, scope: entry.scope) else { return false }
        try store({ try storage.remove(id: id) }, entry, "could not remove an entry")
        entries[id] = nil
        if entry.state == .pending { lanes.remove(id, scope: entry.scope) }
        await rollBackOptimisticLayer(of: entry)
        emit(.dropped(entry))
        return true
    }

    // MARK: Internals

    /// Writes a new entry to the storage and the list, and reports it.
    func insert(_ entry: QueuedMutation) throws(GraftError) {
        try store({ try storage.insert(entry) }, entry, "could not store a mutation")
        nextSequence = entry.sequence + 1
        entries[entry.id] = entry
        lanes.append(entry.id, scope: entry.scope)
        emit(.enqueued(entry))
    }

    /// Runs a storage change, turning its failure into a ``GraftError``.
    func store(_ change: () throws -> Void, _ entry: QueuedMutation, _ what: String) throws(GraftError) {
        do {
            try change()
        } catch {
            throw Self.storageError(error, what, operation: entry.request.operationName)
        }
    }

    static func storageError(_ error: any Error, _ what: String, operation: String? = nil) -> GraftError {
        GraftError(.cache, message: "the offline mutation queue's storage \(what): \(GraftError.safeDescription(of: error))",
                   operation: operation, underlying: error)
    }

    func emit(_ event: OfflineQueueEvent) {
        for observer in observers.values { observer.yield(event) }
    }

    func removeObserver(_ id: Int) {
        observers[id] = nil
    }
}

/// Whether ``OfflineMutationQueue/perform(_:optimisticResponse:queueing:scope:)`` queues a mutation.
public enum OfflineQueueing: Sendable, Hashable {
    /// Send it now, like `GraphQLClient.perform`; failures are thrown.
    case never
    /// Queue it, send it when the network allows, in order after the mutations queued before it.
    case whenUnreachable
}

/// What happened to a mutation performed through an ``OfflineMutationQueue``.
///
/// Like ``GraphQLResponse``, it does not require `Data` to be a `SelectionSet` (see there why).
public enum OfflineMutationResult<Data: Sendable>: Sendable {
    /// The server answered (its `errors` included); nothing stays queued.
    case completed(GraphQLResponse<Data>)
    /// It waits in the queue; its optimistic update stays applied. Follow it through
    /// ``OfflineMutationQueue/events()`` (``OfflineQueueEvent/delivered(_:_:)`` carries the answer).
    case queued(QueuedMutation)
}

/// The result of an entry's first attempt, for the caller of `perform` waiting on it.
enum FirstAttempt: Sendable {
    case answered(GraphQLResponseBody)
    case rejected(GraftError)
    case queued
}
