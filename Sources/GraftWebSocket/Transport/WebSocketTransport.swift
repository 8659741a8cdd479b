import Foundation
import Graft

/// GraphQL over a WebSocket: subscriptions (and, if you like, queries and mutations) over
/// `graphql-transport-ws` or the legacy `graphql-ws`, on Linux and Apple platforms.
///
/// Subscriptions are never lost to the network: after a drop the transport reconnects with
/// exponential backoff and jitter, sends `connection_init` again and resubscribes every active
/// subscription under its own id (once per connection, so no duplicates). When the server rejects
/// the credentials (close 4401/4403, `connection_error`, HTTP 401/403) it gets a fresh token from
/// ``WebSocketConfiguration/tokens`` (one refresh however many subscriptions wait) and reconnects.
/// ``pause()`` closes the socket and keeps the streams open; ``resume()`` reconnects and
/// resubscribes. ``connectionEvents()`` tells an app when the connection drops and comes back.
/// Cancelling a stream's consuming task sends `complete` (`stop`). A subscription the server ends
/// with errors (an `error` message, or a result with errors and no data) ends with
/// `GraftError.subscriptionFailed` (code `graphQLErrors`), as over HTTP; a query's or mutation's
/// `error` message is its result's errors. A fatal close code, a malformed frame or message, or a
/// TLS trust failure ends the streams with a `GraftError` naming the cause.
///
/// ```swift
/// let transport = WebSocketTransport(configuration: WebSocketConfiguration(url: url))
/// let client = GraphQLClient(transport: SplitTransport(http: HTTPTransport(url: httpURL), webSocket: transport))
/// for try await event in client.subscribe(ReviewAddedSubscription(courseId: "course-3")) { ... }
/// ```
public actor WebSocketTransport: GraphQLTransport {
    /// The configuration given at creation.
    public nonisolated let configuration: WebSocketConfiguration
    let connector: any ByteStreamConnector
    private nonisolated let ids = IDCounter()

    /// An operation started on this transport and not yet over.
    struct Subscriber {
        let request: GraphQLRequest
        let continuation: AsyncThrowingStream<GraphQLResponseBody, any Error>.Continuation
        /// The connection (by serial) the subscribe message last went out on.
        var sentOn: Int?
        /// The results received since it last went out.
        var results = OperationResults()
    }

    var subscribers: [Int: Subscriber] = [:]
    /// Ids whose consumer stopped before the operation was registered (the two calls race).
    private var cancelledBeforeStart: Set<Int> = []
    /// Ids the server ended lately, whose consumer may still stop listening (nothing to do then).
    private var recentlyFinished: Set<Int> = []
    /// The acknowledged connection, if any.
    var connection: WebSocketConnection?
    /// A connection waiting for its `connection_ack`.
    var pending: WebSocketConnection?
    /// Counts acknowledged connections; subscribers remember the one they were sent on.
    var serial = 0
    /// Counts connection attempts; timers act only on the attempt that started them.
    var attempt = 0
    /// Why the client itself closed the current attempt's connection, if it did.
    var localClose: LocalClose?
    var runner: Task<Void, Never>?
    var paused = false
    var keepsOpen = false
    var idleTimer: Task<Void, Never>?
    var pongs = 0
    /// The heartbeat waiting for the pong of its ping (the wait's serial number, so that a late
    /// timeout of an earlier wait cannot end it), resumed by the pong, the timeout or cancellation.
    var pongWait: (serial: Int, continuation: CheckedContinuation<Void, Never>)?
    var pongWaits = 0
    /// How the heartbeat waits (`Task.sleep`; tests replace it to drive the heartbeat by hand).
    var heartbeatSleep: @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }

    /// Replaces how the heartbeat waits (tests).
    func setHeartbeatSleep(_ sleep: @escaping @Sendable (Duration) async -> Void) {
        heartbeatSleep = sleep
    }
    var random = SystemRandomNumberGenerator()
    /// Counters for diagnostics and tests.
    public internal(set) var statistics = WebSocketStatistics()
    /// The streams of ``connectionEvents()``.
    nonisolated let eventListeners = ConnectionEventListeners()
    /// The values of the upgrade headers the configured redactor calls secret.
    private let headerSecrets: [String]
    /// The tokens and secret `connection_init` payload fields of the connections so far, oldest
    /// first: the newest 64 (a server may echo an earlier one late).
    var payloadSecrets: [String] = []
    /// The credentials this transport sent, which the configured redactor scrubs from every error an
    /// operation ends with.
    var secrets: [String] { headerSecrets + payloadSecrets }

    /// A transport; nothing connects until the first subscription (unless
    /// ``WebSocketConfiguration/connectsLazily`` is false). `connector` defaults to the platform's
    /// byte streams (libcurl on Linux, Network.framework on Apple platforms).
    public init(configuration: WebSocketConfiguration, connector: any ByteStreamConnector = PlatformConnector()) {
        self.configuration = configuration
        self.connector = connector
        self.headerSecrets = configuration.redactor.secretValues(in: HTTPHeaders(configuration.headers.map { ($0.key, $0.value) }))
        if !configuration.connectsLazily {
            Task { await self.connect() }
        }
    }

    deinit {
        eventListeners.finish()
    }

    /// What happens to the connection from now on: each acknowledged connection (and whether it
    /// is a reconnection), each drop with the delay before the next attempt, token refreshes, and
    /// giving up. Each call returns a new stream, which ends when the transport is gone; the
    /// newest 64 events wait for a slow reader.
    ///
    /// ```swift
    /// for await event in transport.connectionEvents() {
    ///     switch event {
    ///     case .connected: banner = nil
    ///     case .disconnected(_, let retryDelay): banner = "Reconnecting in \(retryDelay)…"
    ///     case .refreshingToken: banner = "Signing in again…"
    ///     case .failed(let error): banner = error.localizedDescription
    ///     }
    /// }
    /// ```
    public nonisolated func connectionEvents() -> AsyncStream<WebSocketConnectionEvent> {
        eventListeners.stream()
    }

    /// Opens the connection now and keeps it open without subscriptions (until ``close()``).
    public func connect() {
        keepsOpen = true
        startIfNeeded()
    }

    /// Starts an operation: its results as they come, until the server completes it, it fails,
    /// or the consumer stops listening (which sends `complete`, or `stop` in graphql-ws).
    /// An operation with files (``GraphQLRequest/uploads``) fails at once: files travel only in
    /// multipart HTTP requests (send it through `HTTPTransport`).
    public nonisolated func subscribe(_ request: GraphQLRequest, options: RequestOptions) -> AsyncThrowingStream<GraphQLResponseBody, any Error> {
        guard request.uploads.isEmpty else {
            return AsyncThrowingStream { $0.finish(throwing: GraftError(
                .transport, message: "files cannot be sent over a WebSocket; send \(request.operationName) through HTTPTransport",
                operation: request.operationName)) }
        }
        let id = ids.next()
        let (stream, continuation) = AsyncThrowingStream<GraphQLResponseBody, any Error>.makeStream()
        continuation.onTermination = { termination in
            guard case .cancelled = termination else { return }
            Task { await self.cancel(id) }
        }
        Task { await self.add(id, request, continuation) }
        return stream
    }

    /// Sends a query or mutation over the socket and returns its result once the server completes
    /// the operation: with `@defer`/`@stream`, every payload merged.
    public nonisolated func execute(_ request: GraphQLRequest, options: RequestOptions) async throws -> GraphQLResponseBody {
        var result: GraphQLResponseBody?
        for try await body in subscribe(request, options: options) { result = body }
        guard let result else {
            throw GraftError(.transport, message: "the server completed the operation without a result", operation: request.operationName)
        }
        return result
    }

    /// Sends a query or mutation whose result may arrive in parts (`@defer`, `@stream`): each
    /// element is the whole response so far, the last one complete.
    public nonisolated func executeIncrementally(_ request: GraphQLRequest, options: RequestOptions) -> AsyncThrowingStream<GraphQLResponseBody, any Error> {
        subscribe(request, options: options)
    }

    /// Closes the socket and keeps every stream open (for an app going to the background);
    /// nothing reconnects until ``resume()``. Events the server sends meanwhile are not received.
    public func pause() async {
        guard !paused else { return }
        paused = true
        await closeCurrent(reason: "paused")
    }

    /// Reconnects after ``pause()`` and resubscribes every open stream.
    public func resume() {
        guard paused else { return }
        paused = false
        if !subscribers.isEmpty || keepsOpen { startIfNeeded() }
    }

    /// Closes the socket and finishes every stream.
    public func close() async {
        keepsOpen = false
        let all = subscribers
        subscribers = [:]
        for subscriber in all.values { subscriber.continuation.finish() }
        await closeCurrent(reason: "closed")
    }

    /// Whether the transport is paused.
    public var isPaused: Bool { paused }

    /// The number of operations under way.
    public var activeOperationCount: Int { subscribers.count }

    // MARK: Operations

    private func add(_ id: Int, _ request: GraphQLRequest, _ continuation: AsyncThrowingStream<GraphQLResponseBody, any Error>.Continuation) async {
        if cancelledBeforeStart.remove(id) != nil {
            continuation.finish()
            return
        }
        subscribers[id] = Subscriber(request: request, continuation: continuation)
        idleTimer?.cancel()
        idleTimer = nil
        if let connection {
            await sendSubscribe(id, on: connection)
        } else {
            startIfNeeded()
        }
    }

    private func cancel(_ id: Int) async {
        guard let subscriber = subscribers.removeValue(forKey: id) else {
            if recentlyFinished.remove(id) == nil { cancelledBeforeStart.insert(id) }
            return
        }
        if let connection, subscriber.sentOn == serial,
           let text = configuration.subprotocol.encode(.complete(id: String(id))) {
            statistics.completesSent += 1
            try? await connection.send(textBytes: text)
        }
        scheduleIdleCloseIfNeeded()
    }

    /// Sends the subscribe message of `id` on `connection` unless it already went out on it.
    func sendSubscribe(_ id: Int, on connection: WebSocketConnection) async {
        guard var subscriber = subscribers[id], subscriber.sentOn != serial,
              let text = configuration.subprotocol.encode(.subscribe(id: String(id), request: subscriber.request)) else { return }
        if subscriber.sentOn != nil { statistics.resubscriptions += 1 }
        subscriber.sentOn = serial
        subscriber.results = OperationResults()  // a resubscribed operation runs again from its start
        subscribers[id] = subscriber
        try? await connection.send(textBytes: text)
    }

    /// Ends operation `id` with `error`, or normally.
    func finish(_ id: Int, throwing error: (any Error)? = nil) {
        guard let subscriber = subscribers.removeValue(forKey: id) else { return }
        if recentlyFinished.count >= 1024 { recentlyFinished.removeAll() }
        recentlyFinished.insert(id)
        if let error {
            subscriber.continuation.finish(throwing: scrubbed(Self.graftError(error, operation: subscriber.request.operationName)))
        } else {
            subscriber.continuation.finish()
        }
        scheduleIdleCloseIfNeeded()
    }

    /// Ends every operation with `error`.
    func failAll(_ error: any Error) {
        for id in subscribers.keys.sorted() { finish(id, throwing: error) }
    }

    func startIfNeeded() {
        guard runner == nil, !paused, !subscribers.isEmpty || keepsOpen else { return }
        runner = Task { await self.run() }
    }

    /// After the last operation ended, closes the socket once ``WebSocketConfiguration/idleTimeout`` passed.
    func scheduleIdleCloseIfNeeded() {
        guard subscribers.isEmpty, !keepsOpen, let timeout = configuration.idleTimeout, connection != nil || pending != nil else { return }
        let current = attempt
        idleTimer?.cancel()
        idleTimer = Task {
            if timeout > .zero { try? await Task.sleep(for: timeout) }
            guard !Task.isCancelled else { return }
            await self.closeIfIdle(attempt: current)
        }
    }

    private func closeIfIdle(attempt current: Int) async {
        guard subscribers.isEmpty, !keepsOpen, attempt == current else { return }
        await closeCurrent(reason: "no more subscriptions")
    }

    /// Closes the current (or pending) connection on purpose: nothing reconnects because of it.
    func closeCurrent(reason: String) async {
        guard let current = connection ?? pending else { return }
        localClose = .intentional
        if let terminate = configuration.subprotocol.encode(.terminate) {
            try? await current.send(textBytes: terminate)
        }
        await current.close(code: .normalClosure, reason: reason)
    }
}

/// Counters of a ``WebSocketTransport``.
public struct WebSocketStatistics: Sendable, Hashable {
    /// Connections opened that the server acknowledged.
    public var acknowledgedConnections = 0
    /// Connection attempts (the first one included).
    public var connectionAttempts = 0
    /// Subscribe messages sent again after a reconnection.
    public var resubscriptions = 0
    /// Token refreshes the transport asked for after a rejection.
    public var tokenRefreshes = 0
    /// `complete` (`stop`) messages sent because a consumer stopped listening.
    public var completesSent = 0
    /// Connections the client closed because the server did not answer a ping in time.
    public var heartbeatFailures = 0
}

/// Operation ids, handed out without waiting for the actor.
final class IDCounter: Sendable {
    private let value = Locked(0)

    func next() -> Int {
        value.withLock { value in
            value += 1
            return value
        }
    }
}
