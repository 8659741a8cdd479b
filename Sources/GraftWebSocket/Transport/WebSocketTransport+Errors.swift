import Graft

/// How the ways a connection can end are sorted (retry, refresh the token, or give up), and the
/// `GraftError`s the operations end with.
extension WebSocketTransport {
    /// Close codes after which reconnecting cannot help: the server says the client is broken
    /// (4400 bad request, 4406, 4409, 4429, 1002, 1003, 1007, 1009, 1010) or failed for good (4500).
    static let fatalCloseCodes: Set<UInt16> = [1002, 1003, 1007, 1008, 1009, 1010, 4400, 4406, 4409, 4429, 4500]
    /// Close codes that reject the credentials.
    static let rejectionCloseCodes: Set<UInt16> = [4401, 4403]

    /// Closes `socket` as the error asks (4400 for an invalid message) and sorts the error.
    func ended(_ socket: WebSocketConnection, _ error: any Error, token: String?, generation: Int) async -> End {
        if let invalid = error as? InvalidMessageError {
            await socket.close(code: configuration.subprotocol == .graphqlTransportWS ? .badRequest : .protocolError,
                               reason: String(invalid.description.prefix(100)))
            return .fatal(invalid)
        }
        await socket.close(code: .normalClosure, reason: "")
        return classify(error, token: token, generation: generation)
    }

    /// Whether to retry, refresh the token or give up after `error`.
    func classify(_ error: any Error, token: String?, generation: Int) -> End {
        // After the client's own close, a `closed` error is that close coming back, not the server's.
        let underlying: (any Error)? = if case WebSocketError.closed = error { nil } else { error }
        switch localClose {
        case .intentional?: return .intentional
        case .ackTimeout?:
            return .retry(GraftError(.timedOut, message: "the server sent no connection_ack within \(configuration.ackTimeout)",
                                     underlying: underlying))
        case .heartbeat?:
            return .retry(GraftError(.timedOut, message: "the server answered no ping within \(configuration.keepAlive?.timeout ?? .zero)",
                                     underlying: underlying))
        case nil: break
        }
        switch error {
        case let error as WebSocketError:
            switch error {
            case .closed(let code?, _) where Self.rejectionCloseCodes.contains(code.rawValue):
                return .rejected(error, token: token, generation: generation)
            case .closed(let code?, _) where Self.fatalCloseCodes.contains(code.rawValue):
                return .fatal(error)
            case .closed, .connectionLost:
                return .retry(error)
            case .protocolViolation:
                return .fatal(error)
            case .handshakeFailed(_, let status?):
                if status == 401 || status == 403 { return .rejected(error, token: token, generation: generation) }
                if status == 101 || (400..<500).contains(status) && status != 408 && status != 429 { return .fatal(error) }
                return .retry(error)
            case .handshakeFailed(_, nil):
                return .retry(error)
            case .connectFailed(_, let isTrustFailure):
                return isTrustFailure ? .fatal(error) : .retry(error)
            }
        case is ConnectionRejected:
            return .rejected(error, token: token, generation: generation)
        case is InvalidMessageError, is GraftError:
            return .fatal(error)
        default:
            return .retry(error)
        }
    }

    /// The error operations end with when the server keeps rejecting the credentials.
    static func rejection(_ error: any Error, refreshed: Bool) -> GraftError {
        let cause = "\(error)"
        let message = refreshed ? "the server rejected the connection again after a token refresh: \(cause)"
                                : "the server rejected the connection and no token coordinator is configured: \(cause)"
        return GraftError.unauthorized(message, underlying: error)
    }

    /// `error` with the credentials this transport sent scrubbed from its message, its server errors
    /// and its underlying WebSocket error (a close reason echoing the token), by the configured redactor.
    func scrubbed(_ error: GraftError) -> GraftError {
        var error = error.scrubbing(secrets, redactor: configuration.redactor)
        if let webSocketError = error.underlying as? WebSocketError {
            error.underlying = webSocketError.scrubbing(secrets, redactor: configuration.redactor)
        }
        return error
    }

    /// `error` as a ``WebSocketConnectionEvent`` carries it: as an operation would end with it, with no
    /// operation named.
    func connectionError(_ error: any Error) -> GraftError {
        scrubbed(Self.graftError(error, operation: nil))
    }

    /// `error` as the `GraftError` an operation's stream ends with (the close code or frame problem
    /// in the message; the WebSocket error as ``GraftError/underlying``).
    static func graftError(_ error: any Error, operation: String?) -> GraftError {
        if let graftError = error as? GraftError { return graftError.withContext(operation: operation) }
        let message: String
        switch error {
        case let error as WebSocketError: message = error.description
        case let error as InvalidMessageError: message = "the server sent an \(error.description)"
        default: message = "\(error)"
        }
        return GraftError(.transport, message: message, operation: operation, underlying: error)
    }
}

extension WebSocketError {
    /// The error with `secrets` scrubbed from its text (a server's close reason may quote a token).
    func scrubbing(_ secrets: [String], redactor: Redactor) -> WebSocketError {
        switch self {
        case .protocolViolation(let message, let code): return .protocolViolation(redactor.scrub(message, secrets: secrets), closeCode: code)
        case .handshakeFailed(let message, let status): return .handshakeFailed(redactor.scrub(message, secrets: secrets), status: status)
        case .closed(let code, let reason): return .closed(code: code, reason: redactor.scrub(reason, secrets: secrets))
        case .connectionLost(let message): return .connectionLost(redactor.scrub(message, secrets: secrets))
        case .connectFailed(let message, let isTrustFailure):
            return .connectFailed(redactor.scrub(message, secrets: secrets), isTrustFailure: isTrustFailure)
        }
    }
}
