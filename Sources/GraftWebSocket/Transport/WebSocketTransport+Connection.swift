import Foundation
import Graft

/// The connection loop: connect, initialise, resubscribe, receive; then reconnect, refresh the
/// token, or fail the operations, as the way the connection ended asks.
extension WebSocketTransport {
    /// Why the client closed a connection itself.
    enum LocalClose {
        /// Paused, idle or closed: not a failure.
        case intentional
        /// No `connection_ack` in time.
        case ackTimeout
        /// No pong in time.
        case heartbeat
    }

    /// How one connection ended.
    enum End {
        /// Closed on purpose; nothing to retry.
        case intentional
        /// Worth retrying after a backoff.
        case retry(any Error)
        /// The server rejected the credentials sent with `token`.
        case rejected(any Error, token: String?, generation: Int)
        /// Retrying cannot help.
        case fatal(any Error)
    }

    func run() async {
        var failures = 0
        var refreshedSinceAck = false
        while !paused && (!subscribers.isEmpty || keepsOpen) {
            let (end, acknowledged) = await connectOnce()
            if acknowledged {
                failures = 0
                refreshedSinceAck = false
            }
            switch end {
            case .intentional:
                continue
            case .retry(let error):
                failures += 1
                if let limit = configuration.reconnect.maxAttempts, failures > limit {
                    giveUp(error)
                    continue
                }
                let delay = configuration.reconnect.delay(forAttempt: failures, using: &random)
                eventListeners.yield(.disconnected(connectionError(error), retryDelay: delay))
                try? await Task.sleep(for: delay)
            case .rejected(let error, let token, let generation):
                guard let tokens = configuration.tokens, !refreshedSinceAck else {
                    giveUp(Self.rejection(error, refreshed: refreshedSinceAck))
                    continue
                }
                refreshedSinceAck = true
                statistics.tokenRefreshes += 1
                eventListeners.yield(.refreshingToken(connectionError(error)))
                do {
                    _ = try await tokens.refreshedToken(replacing: token, seenGeneration: generation)
                } catch {
                    giveUp(error)
                }
            case .fatal(let error):
                giveUp(error)
            }
        }
        runner = nil
    }

    /// Ends every operation with `error`, says so to the connection's listeners, and stops keeping
    /// the connection open.
    private func giveUp(_ error: any Error) {
        failAll(error)
        eventListeners.yield(.failed(connectionError(error)))
        keepsOpen = false
    }

    /// One connection from connect to its end; also says whether the server acknowledged it.
    private func connectOnce() async -> (End, Bool) {
        attempt += 1
        localClose = nil
        statistics.connectionAttempts += 1
        let current = attempt
        let generation = await configuration.tokens?.currentGeneration() ?? 0
        let token: String?
        let payload: JSONValue?
        do {
            token = try await configuration.tokens?.currentToken()
            payload = try await configuration.connectionPayload?(token)
        } catch {
            return (.fatal(error), false)
        }
        remember(token: token, payload: payload)
        guard let endpoint = WebSocketEndpoint(url: configuration.url) else {
            return (.fatal(GraftError(.transport, message: "not a WebSocket URL: \(configuration.url.absoluteString)")), false)
        }
        let socket: WebSocketConnection
        do {
            let stream = try await connector.connect(to: endpoint, tls: configuration.tls, timeout: configuration.connectTimeout)
            socket = try await WebSocketConnection.open(on: stream, endpoint: endpoint, protocols: [configuration.subprotocol.name],
                                                        headers: configuration.headers.sorted { $0.key < $1.key },
                                                        maxMessageSize: configuration.maxMessageSize)
        } catch {
            return (classify(error, token: token, generation: generation), false)
        }
        pending = socket
        defer { if pending === socket { pending = nil } }
        guard !paused, !subscribers.isEmpty || keepsOpen else {
            await closeCurrent(reason: "no more subscriptions")
            return (.intentional, false)
        }
        guard socket.subprotocol == configuration.subprotocol.name else {
            await socket.close(code: .subprotocolNotAcceptable, reason: "expected \(configuration.subprotocol.name)")
            return (.fatal(WebSocketError.handshakeFailed("the server did not accept the subprotocol \(configuration.subprotocol.name)",
                                                          status: 101)), false)
        }
        do {
            try await socket.send(textBytes: configuration.subprotocol.encode(.connectionInit(payload))!)
            try await awaitAcknowledgement(on: socket, attempt: current)
        } catch {
            return (await ended(socket, error, token: token, generation: generation), false)
        }
        pending = nil
        serial += 1
        connection = socket
        statistics.acknowledgedConnections += 1
        for id in subscribers.keys.sorted() { await sendSubscribe(id, on: socket) }
        eventListeners.yield(.connected(isReconnection: serial > 1))
        scheduleIdleCloseIfNeeded()
        let heartbeat = Task { await self.keepAlive(socket, attempt: current) }
        defer { heartbeat.cancel() }
        do {
            while true {
                try await handle(try await socket.receive(), on: socket)
            }
        } catch {
            connection = nil
            return (await ended(socket, error, token: token, generation: generation), true)
        }
    }

    /// Reads until `connection_ack`, answering pings; closes with 4408 after the ack timeout.
    private func awaitAcknowledgement(on socket: WebSocketConnection, attempt current: Int) async throws {
        let timeout = configuration.ackTimeout
        let timer = Task {
            try await Task.sleep(for: timeout)
            await self.ackTimedOut(socket, attempt: current)
        }
        defer { timer.cancel() }
        while true {
            let message = try await socket.receive()
            guard case .text(let text) = message else { continue }
            switch try configuration.subprotocol.decode(text) {
            case .connectionAck: return
            case .connectionError(let payload): throw rejected(payload)
            case .ping(let payload): try await send(.pong(payload), on: socket)
            default: continue
            }
        }
    }

    private func ackTimedOut(_ socket: WebSocketConnection, attempt current: Int) async {
        guard attempt == current, pending === socket else { return }
        localClose = .ackTimeout
        await socket.close(code: .connectionInitialisationTimeout, reason: "no connection_ack")
    }

    private func handle(_ message: WebSocketConnection.Message, on socket: WebSocketConnection) async throws {
        let text: [UInt8]
        switch message {
        case .pong:
            receivedPong()
            return
        case .binary:
            throw InvalidMessageError(message: "message: binary frames are not part of \(configuration.subprotocol.name)")
        case .text(let bytes):
            text = bytes
        }
        switch try configuration.subprotocol.decode(text) {
        case .next(let id, let payload):
            guard let key = Int(id), subscribers[key] != nil else { return }
            if subscribers[key]!.request.operationKind == .subscription, let errors = GraphQLResponseBody.subscriptionFailure(in: payload) {
                finish(key, throwing: GraftError.subscriptionFailed(scrubbed(errors)))
                return
            }
            // Applied in place: a copy of the subscriber would share the merged data, and the
            // merge would then copy every object and list on the payload's path.
            if var body = try subscribers[key]!.results.apply(payload) {
                if !body.errors.isEmpty { body.errors = scrubbed(body.errors) }
                subscribers[key]!.continuation.yield(body)
            }
        case .error(let id, let errors):
            guard let key = Int(id), let subscriber = subscribers[key] else { return }
            let errors = scrubbed(errors)
            // A subscription fails as over HTTP; a query's or mutation's errors are its result, as over HTTP.
            guard subscriber.request.operationKind == .subscription else {
                subscriber.continuation.yield(GraphQLResponseBody(data: nil, errors: errors))
                return finish(key)
            }
            finish(key, throwing: GraftError.subscriptionFailed(errors))
        case .complete(let id):
            if let key = Int(id) { finish(key) }
        case .ping(let payload):
            try await send(.pong(payload), on: socket)
        case .pong, .keepAlive:
            receivedPong()
        case .connectionAck:
            break
        case .connectionError(let payload):
            throw rejected(payload)
        }
    }

    /// The server's errors with the credentials this transport sent scrubbed (a server echoing a
    /// credential it refused).
    private func scrubbed(_ errors: [GraphQLResponseError]) -> [GraphQLResponseError] {
        GraphQLErrors(errors).scrubbing(secrets, redactor: configuration.redactor).errors
    }

    /// A rejection of the `connection_init` payload, its `payload` shown redacted.
    private func rejected(_ payload: JSONValue?) -> ConnectionRejected {
        ConnectionRejected(payload: payload, redactor: configuration.redactor, secrets: secrets)
    }

    /// Adds the credentials a connection sends (its token, the secret fields of its payload) to ``payloadSecrets``.
    private func remember(token: String?, payload: JSONValue?) {
        let sent: JSONValue = ["token": token.map(JSONValue.string) ?? .null, "payload": payload ?? .null]
        let new = configuration.redactor.secretValues(in: sent).filter { !payloadSecrets.contains($0) }
        guard !new.isEmpty else { return }
        payloadSecrets = Array((payloadSecrets + new).suffix(64))
    }

    private func send(_ message: ClientMessage, on socket: WebSocketConnection) async throws {
        guard let text = configuration.subprotocol.encode(message) else { return }
        try await socket.send(textBytes: text)
    }

    /// A pong (or `ka`) arrived: wakes the heartbeat waiting for it.
    private func receivedPong() {
        pongs += 1
        if let wait = pongWait {
            pongWait = nil
            wait.continuation.resume()
        }
    }

    /// Pings every interval after the previous pong; closes the connection when no pong (or `ka`)
    /// came within the timeout. The wait for the pong ends when it arrives, so a prompt pong
    /// starts the next interval at once.
    private func keepAlive(_ socket: WebSocketConnection, attempt current: Int) async {
        guard let keepAlive = configuration.keepAlive else { return }
        let sleep = heartbeatSleep
        while !Task.isCancelled {
            await sleep(keepAlive.interval)
            guard !Task.isCancelled, attempt == current else { return }
            let before = pongs
            if configuration.subprotocol.hasPingMessages {
                try? await send(.ping, on: socket)
            } else {
                try? await socket.ping()
            }
            if pongs == before {
                pongWaits += 1
                let serial = pongWaits
                let timer = Task { [weak self] in
                    await sleep(keepAlive.timeout)
                    guard !Task.isCancelled else { return }
                    await self?.wakeHeartbeat(serial)
                }
                await withTaskCancellationHandler {
                    await withCheckedContinuation { continuation in
                        // A pong may have come while the ping was being sent.
                        if pongs != before || Task.isCancelled { return continuation.resume() }
                        pongWait = (serial, continuation)
                    }
                } onCancel: {
                    Task { [weak self] in await self?.wakeHeartbeat(serial) }
                }
                timer.cancel()
            }
            guard !Task.isCancelled, attempt == current else { return }
            if pongs == before {
                localClose = .heartbeat
                statistics.heartbeatFailures += 1
                await socket.close(code: .goingAway, reason: "no pong")
                return
            }
        }
    }
}

extension WebSocketTransport {
    /// Ends the heartbeat's wait `serial` for a pong (its timeout passed, or it was cancelled).
    func wakeHeartbeat(_ serial: Int) {
        guard let wait = pongWait, wait.serial == serial else { return }
        pongWait = nil
        wait.continuation.resume()
    }
}

/// graphql-ws's `connection_error`: the server refused the `connection_init` payload.
struct ConnectionRejected: Error, CustomStringConvertible {
    /// The server's payload, with secret fields redacted and the credentials sent scrubbed (a
    /// server may echo the token it refused).
    let shownPayload: String?

    init(payload: JSONValue?, redactor: Redactor, secrets: [String]) {
        shownPayload = payload.map { redactor.scrub(redactor.redact(jsonText: $0.serialized), secrets: secrets) }
    }

    var description: String {
        "the server refused the connection_init payload" + (shownPayload.map { ": \($0.prefix(200))" } ?? "")
    }
}
