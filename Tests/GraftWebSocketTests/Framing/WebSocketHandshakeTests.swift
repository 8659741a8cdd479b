import Foundation
import GraftHashing
import Testing
@testable import GraftWebSocket

/// The opening handshake, SHA-1, and endpoints.
@Suite("Handshake")
struct WebSocketHandshakeTests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test("SHA-1 matches the FIPS 180 examples")
    func sha1() {
        #expect(Self.hex(SHA1.digest([UInt8]())) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(Self.hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(Self.hex(SHA1.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(Self.hex(SHA1.digest(Array(repeating: UInt8(ascii: "a"), count: 1_000_000)))
                == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test("Sec-WebSocket-Accept of RFC 6455's example key")
    func acceptValue() {
        #expect(WebSocketHandshake.acceptValue(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(WebSocketHandshake(keyBytes: Array("the sample nonce".utf8)).key == "dGhlIHNhbXBsZSBub25jZQ==")
        #expect(WebSocketHandshake().key != WebSocketHandshake().key)
    }

    @Test("the upgrade request names the host, key, version and subprotocols; headers with line breaks are dropped")
    func request() {
        let endpoint = WebSocketEndpoint(url: URL(string: "wss://example.com:8443/graphql?session=a")!)!
        let handshake = WebSocketHandshake(keyBytes: Array("the sample nonce".utf8))
        let text = String(decoding: handshake.request(for: endpoint, protocols: ["graphql-transport-ws"],
                                                      headers: [("X-Test", "1"), ("X-Bad", "a\r\nInjected: yes")]), as: UTF8.self)
        #expect(text.hasPrefix("GET /graphql?session=a HTTP/1.1\r\nHost: example.com:8443\r\n"))
        #expect(text.contains("Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"))
        #expect(text.contains("Sec-WebSocket-Version: 13\r\n"))
        #expect(text.contains("Sec-WebSocket-Protocol: graphql-transport-ws\r\n"))
        #expect(text.contains("X-Test: 1\r\n") && !text.contains("Injected"))
        #expect(text.hasSuffix("\r\n\r\n"))
    }

    @Test("endpoints: default ports, TLS, IPv6, and schemes that are not WebSocket")
    func endpoints() {
        let plain = WebSocketEndpoint(url: URL(string: "ws://localhost/graphql")!)!
        #expect(plain.port == 80 && !plain.usesTLS && plain.hostHeader == "localhost" && plain.requestTarget == "/graphql")
        let secure = WebSocketEndpoint(url: URL(string: "wss://api.example.com")!)!
        #expect(secure.port == 443 && secure.usesTLS && secure.requestTarget == "/")
        let v6 = WebSocketEndpoint(url: URL(string: "ws://[::1]:9000/x")!)!
        #expect(v6.host == "::1" && v6.hostHeader == "[::1]:9000")
        #expect(WebSocketEndpoint(url: URL(string: "ftp://example.com")!) == nil)
    }

    static func response(_ lines: [String]) -> [UInt8] { Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) }

    @Test("the answer must be 101 with Upgrade, Connection, the right Accept and an offered subprotocol")
    func validation() throws {
        let handshake = WebSocketHandshake(keyBytes: Array("the sample nonce".utf8))
        let good = ["HTTP/1.1 101 Switching Protocols", "Upgrade: websocket", "Connection: Upgrade",
                    "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=", "Sec-WebSocket-Protocol: graphql-ws"]
        #expect(try handshake.validate(responseHead: Self.response(good), offered: ["graphql-ws"]) == "graphql-ws")
        #expect(try handshake.validate(responseHead: Self.response(Array(good.dropLast())), offered: ["graphql-ws"]) == nil)
        func failure(_ lines: [String]) -> WebSocketError? {
            do {
                _ = try handshake.validate(responseHead: Self.response(lines), offered: ["graphql-ws"])
                return nil
            } catch { return error }
        }
        #expect(failure(["HTTP/1.1 401 Unauthorized", "Content-Length: 0"]) == .handshakeFailed(
            "the server answered HTTP 401 instead of 101 Switching Protocols", status: 401))
        #expect(failure(["HTTP/1.1 101 Switching Protocols", "Connection: Upgrade", good[3]]) != nil)
        #expect(failure(["HTTP/1.1 101 Switching Protocols", "Upgrade: websocket", good[3]]) != nil)
        #expect(failure(Array(good[0..<3]) + ["Sec-WebSocket-Accept: wrong="]) != nil)
        #expect(failure(Array(good[0..<4]) + ["Sec-WebSocket-Protocol: graphql-transport-ws"]) != nil)
        #expect(failure(["SSH-2.0-OpenSSH"]) != nil)
    }
}
