/// What happened to a queued mutation, as ``OfflineMutationQueue/events()`` reports it.
public enum OfflineQueueEvent: Sendable {
    /// Written to the queue's storage (it survives a relaunch from now on).
    case enqueued(QueuedMutation)
    /// An attempt to send it started.
    case sent(QueuedMutation)
    /// The server answered without errors; the entry is gone and its optimistic update replaced by
    /// the server's data (when the operation type is known to the queue).
    case delivered(QueuedMutation, GraphQLResponseBody)
    /// The server refused it (GraphQL errors, or a 4xx status other than 408 and 429): not retried,
    /// removed, its optimistic update rolled back.
    case rejected(QueuedMutation, GraftError)
    /// A transient failure (no network, a timeout, 5xx, 408, 429); it stays first in its scope's
    /// line and is tried again after a back-off or when the network returns. Other scopes go on.
    case failed(QueuedMutation, GraftError)
    /// It failed ``OfflineQueueConfiguration/maxAttempts`` times: moved to the dead letters, its
    /// optimistic update rolled back.
    case deadLettered(QueuedMutation, GraftError)
    /// The app dropped it (``OfflineMutationQueue/drop(_:)``).
    case dropped(QueuedMutation)
    /// The queue's storage failed; the change named by `entry` may not survive a relaunch.
    case storageFailed(QueuedMutation?, GraftError)

    /// The entry the event is about.
    public var entry: QueuedMutation? {
        switch self {
        case .enqueued(let entry), .sent(let entry), .dropped(let entry): entry
        case .delivered(let entry, _): entry
        case .rejected(let entry, _), .failed(let entry, _), .deadLettered(let entry, _): entry
        case .storageFailed(let entry, _): entry
        }
    }
}

/// How an ``OfflineMutationQueue`` sends and gives up.
public struct OfflineQueueConfiguration: Sendable {
    /// Transient failures after which an entry is dead-lettered.
    public var maxAttempts: Int
    /// The wait after the first transient failure; doubled after each further one.
    public var retryDelay: Duration
    /// The longest wait between attempts.
    public var maxRetryDelay: Duration
    /// The header that carries each entry's idempotency key.
    public var idempotencyHeader: String
    /// Options of every send (headers such as a session, a timeout). `whenOffline` is ignored: the
    /// queue only sends while its monitor says the network is up.
    public var requestOptions: RequestOptions
    /// The most attempts in flight at once, each of a different ``QueuedMutation/scope`` (at
    /// least 1; default 8). Each attempt in flight holds an HTTP/1.1 connection of its own.
    /// Entries that name no scope are one scope, sent one at a time whatever this says.
    public var maxConcurrentReplays: Int

    /// Creates a configuration.
    public init(maxAttempts: Int = 5, retryDelay: Duration = .seconds(1), maxRetryDelay: Duration = .seconds(60),
                idempotencyHeader: String = "Idempotency-Key", requestOptions: RequestOptions = RequestOptions(),
                maxConcurrentReplays: Int = 8) {
        self.maxAttempts = max(1, maxAttempts)
        self.maxConcurrentReplays = max(1, maxConcurrentReplays)
        self.retryDelay = retryDelay
        self.maxRetryDelay = maxRetryDelay
        self.idempotencyHeader = idempotencyHeader
        self.requestOptions = requestOptions
    }

    /// The wait before the attempt after `failures` transient failures.
    func delay(afterFailures failures: Int) -> Duration {
        var delay = retryDelay
        for _ in 1..<max(1, failures) where delay < maxRetryDelay { delay *= 2 }
        return min(delay, maxRetryDelay)
    }
}
