import Foundation

/// Where a WebSocket connects: host, port, TLS or not, and the request target, from a `ws://` or
/// `wss://` URL (`http://` and `https://` are accepted as their WebSocket twins).
public struct WebSocketEndpoint: Sendable, Hashable {
    /// The host name or address (IPv6 without brackets).
    public var host: String
    /// The TCP port.
    public var port: Int
    /// Whether the stream is TLS (`wss://`).
    public var usesTLS: Bool
    /// The path and query sent in the request line, `/` at least.
    public var requestTarget: String

    /// Reads a URL; nil when its scheme is not ws, wss, http or https or it has no host.
    public init?(url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let scheme = components.scheme?.lowercased(), let host = components.host, !host.isEmpty else { return nil }
        switch scheme {
        case "ws", "http": usesTLS = false
        case "wss", "https": usesTLS = true
        default: return nil
        }
        self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        port = components.port ?? (usesTLS ? 443 : 80)
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        requestTarget = components.percentEncodedQuery.map { "\(path)?\($0)" } ?? path
    }

    /// The `Host` header: the host, with the port unless it is the scheme's default.
    public var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == (usesTLS ? 443 : 80) ? name : "\(name):\(port)"
    }
}
