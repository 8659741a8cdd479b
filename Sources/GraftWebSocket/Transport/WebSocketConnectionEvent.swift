import Graft

/// What happened to a ``WebSocketTransport``'s connection: for an app that shows it ("Reconnecting…")
/// or logs it. Operations need none of this: the transport resubscribes them after a reconnection
/// by itself. Read them with ``WebSocketTransport/connectionEvents()``.
///
/// Errors are the ones the operations would end with: `GraftError`s with the credentials the
/// transport sent scrubbed by its redactor.
public enum WebSocketConnectionEvent: Sendable {
    /// The server acknowledged a connection (`connection_ack`) and every open operation was sent on
    /// it; `isReconnection` for every connection after the transport's first.
    case connected(isReconnection: Bool)
    /// The connection failed or dropped with `error`; the transport connects again after `retryDelay`
    /// (``WebSocketConfiguration/reconnect``).
    case disconnected(GraftError, retryDelay: Duration)
    /// The server rejected the credentials (close 4401/4403, `connection_error`, HTTP 401/403); the
    /// transport gets a fresh token from ``WebSocketConfiguration/tokens`` and connects again.
    case refreshingToken(GraftError)
    /// The transport gave up (a fatal close code or message, a rejection after a refresh, or
    /// ``ReconnectPolicy/maxAttempts`` reached): every open operation ended with `error`. A new
    /// operation connects again.
    case failed(GraftError)
}

/// The streams ``WebSocketTransport/connectionEvents()`` handed out, registered without waiting for
/// the actor, so that no event after the call is missed.
final class ConnectionEventListeners: Sendable {
    private let state = Locked<(next: Int, continuations: [Int: AsyncStream<WebSocketConnectionEvent>.Continuation])>((0, [:]))

    /// A new stream of the events from now on.
    func stream() -> AsyncStream<WebSocketConnectionEvent> {
        let (stream, continuation) = AsyncStream<WebSocketConnectionEvent>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let key = state.withLock { state in
            state.next += 1
            state.continuations[state.next] = continuation
            return state.next
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.continuations.removeValue(forKey: key) }
        }
        return stream
    }

    func yield(_ event: WebSocketConnectionEvent) {
        for continuation in state.withLock({ Array($0.continuations.values) }) { continuation.yield(event) }
    }

    /// Ends every stream (the transport is gone).
    func finish() {
        for continuation in state.withLock({ Array($0.continuations.values) }) { continuation.finish() }
    }
}
