/// Why a WebSocket failed: the peer broke the protocol, the handshake failed, the connection
/// closed or was lost, or connecting failed. The transport turns it into a `GraftError`.
public enum WebSocketError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The peer sent something RFC 6455 forbids (or too large); we close with `closeCode`.
    case protocolViolation(String, closeCode: WebSocketCloseCode)
    /// The HTTP upgrade did not produce a WebSocket; `status` is the HTTP status when one came.
    case handshakeFailed(String, status: Int?)
    /// The peer closed the connection with a close frame (`code` nil when it gave none).
    case closed(code: WebSocketCloseCode?, reason: String)
    /// The byte stream ended without a close frame.
    case connectionLost(String)
    /// Opening the byte stream failed (DNS, TCP, TLS); `isTrustFailure` for certificate and pin
    /// failures, which retrying cannot fix.
    case connectFailed(String, isTrustFailure: Bool)

    public var description: String {
        switch self {
        case .protocolViolation(let message, let code): return "WebSocket protocol violation (closing with \(code)): \(message)"
        case .handshakeFailed(let message, _): return "WebSocket handshake failed: \(message)"
        case .closed(let code, let reason):
            let detail = reason.isEmpty ? "" : " (\(reason))"
            return code.map { "the server closed the WebSocket with code \($0)\(detail)" } ?? "the server closed the WebSocket without a code\(detail)"
        case .connectionLost(let message): return "the WebSocket connection was lost: \(message)"
        case .connectFailed(let message, _): return "could not connect: \(message)"
        }
    }
}
