import Foundation
internal import GraftHashing

/// The client side of the opening handshake (RFC 6455 §4.1): the HTTP/1.1 upgrade request and the
/// checks on the server's answer (status 101, `Upgrade`, `Connection`, `Sec-WebSocket-Accept`
/// matching our key, and a subprotocol we offered).
public struct WebSocketHandshake: Sendable {
    /// The largest response head read before giving up (a server that never ends its headers).
    public static let maxResponseHeadSize = 16 * 1024

    /// The `Sec-WebSocket-Key`: 16 random bytes, base64.
    public let key: String

    /// A handshake with a fresh random key.
    public init() {
        var generator = SystemRandomNumberGenerator()
        self.init(keyBytes: (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// A handshake with the given 16 key bytes (for tests).
    public init(keyBytes: [UInt8]) {
        key = Data(keyBytes).base64EncodedString()
    }

    /// The `Sec-WebSocket-Accept` a server must answer for `key`: base64(SHA-1(key + the RFC's GUID)).
    public static func acceptValue(for key: String) -> String {
        Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }

    /// The upgrade request for `endpoint`, offering `protocols`, with extra `headers` (for example
    /// `Authorization`); header values must not contain line breaks.
    public func request(for endpoint: WebSocketEndpoint, protocols: [String], headers: [(String, String)] = []) -> [UInt8] {
        var lines = ["GET \(endpoint.requestTarget) HTTP/1.1", "Host: \(endpoint.hostHeader)", "Upgrade: websocket",
                     "Connection: Upgrade", "Sec-WebSocket-Key: \(key)", "Sec-WebSocket-Version: 13"]
        if !protocols.isEmpty { lines.append("Sec-WebSocket-Protocol: \(protocols.joined(separator: ", "))") }
        for (name, value) in headers where !name.contains(where: \.isNewline) && !value.contains(where: \.isNewline) {
            lines.append("\(name): \(value)")
        }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// The length of the response head (through the blank line) when `bytes` holds all of it.
    public static func headLength(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count where bytes[index] == 0x0A && bytes[index - 1] == 0x0D
            && bytes[index - 2] == 0x0A && bytes[index - 3] == 0x0D {
            return index + 1
        }
        return nil
    }

    /// Checks the response head and returns the subprotocol the server chose (nil when it chose none).
    public func validate(responseHead: [UInt8], offered protocols: [String]) throws(WebSocketError) -> String? {
        let text = String(decoding: responseHead, as: UTF8.self)
        var lines = text.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw WebSocketError.handshakeFailed("the answer is not HTTP: \(statusLine.prefix(80))", status: nil)
        }
        guard status == 101 else {
            throw WebSocketError.handshakeFailed("the server answered HTTP \(status) instead of 101 Switching Protocols", status: status)
        }
        var headers: [String: String] = [:]
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        guard headers["upgrade"]?.lowercased() == "websocket" else {
            throw WebSocketError.handshakeFailed("the answer has no `Upgrade: websocket`", status: status)
        }
        guard let connection = headers["connection"]?.lowercased(),
              connection.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "upgrade" }) else {
            throw WebSocketError.handshakeFailed("the answer has no `Connection: Upgrade`", status: status)
        }
        guard headers["sec-websocket-accept"] == Self.acceptValue(for: key) else {
            throw WebSocketError.handshakeFailed("`Sec-WebSocket-Accept` does not match the key sent", status: status)
        }
        if headers["sec-websocket-extensions"] != nil {
            throw WebSocketError.handshakeFailed("the server chose an extension that was not offered", status: status)
        }
        guard let chosen = headers["sec-websocket-protocol"] else { return nil }
        guard protocols.contains(chosen) else {
            throw WebSocketError.handshakeFailed("the server chose the subprotocol `\(chosen)`, which was not offered", status: status)
        }
        return chosen
    }
}
