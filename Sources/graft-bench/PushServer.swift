#if canImport(Glibc)
import Foundation
import Glibc
import GraftWebSocket

/// A one-connection WebSocket server on 127.0.0.1 for `graft-bench subscription`, on a thread of
/// its own with plain POSIX sockets: answers the upgrade and `connection_init`, then pushes the
/// prepared frames (all at once) after the client's subscribe, then `complete`. In raw mode it
/// writes the same frames as soon as a TCP connection comes, for the raw-socket baseline.
final class PushServer: @unchecked Sendable {
    let port: Int
    private let listener: Int32

    init() throws {
        (listener, port) = try LoopbackListener.open(backlog: 16)
    }

    deinit { close(listener) }

    /// Serves one connection on a new thread: the WebSocket conversation, or raw bytes.
    func serveOne(frames: [UInt8], complete: [UInt8], raw: Bool) {
        let thread = Thread { [self] in
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            defer { close(connection) }
            if raw {
                Self.send(connection, frames)
                return
            }
            var pending: [UInt8] = []
            guard let head = Self.readHead(connection, into: &pending) else { return }
            let key = head.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }?
                .split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            Self.send(connection, Array(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Accept: \(WebSocketHandshake.acceptValue(for: key))\r\n"
                + "Sec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n").utf8))
            var parser = FrameParser(role: .server)
            parser.append(pending)
            var messages = 0
            while messages < 2 {  // connection_init, then subscribe
                if case .text? = try? parser.next() {
                    messages += 1
                    if messages == 1 { Self.send(connection, FrameEncoder.encode(.text, payload: Array(#"{"type":"connection_ack"}"#.utf8))) }
                    continue
                }
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = recv(connection, &buffer, buffer.count, 0)
                guard count > 0 else { return }
                parser.append(buffer[0..<count])
            }
            Self.send(connection, frames)
            Self.send(connection, complete)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while recv(connection, &buffer, buffer.count, 0) > 0 {}  // until the client closes
        }
        thread.start()
    }

    private static func readHead(_ connection: Int32, into pending: inout [UInt8]) -> String? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while WebSocketHandshake.headLength(in: received) == nil {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            received += buffer[0..<count]
        }
        let length = WebSocketHandshake.headLength(in: received)!
        pending = Array(received[length...])
        return String(decoding: received[..<length], as: UTF8.self)
    }

    private static func send(_ connection: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = Glibc.send(connection, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return }
                offset += sent
            }
        }
    }

    /// Reads everything from a new TCP connection to the server until it closes; the byte count.
    func readAllRaw() -> Int {
        let connection = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(connection) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(connection, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return 0 }
        var buffer = [UInt8](repeating: 0, count: 65536)
        var total = 0
        while true {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count <= 0 { return total }
            total += count
        }
    }
}
#endif
