import Foundation
import Graft
import GraftTestSupport
import GraftWebSocket
import Testing

/// Every malformed frame or message the fault server can send ends the subscription with a clear
/// `GraftError` — no crash, no hang (the reading is bounded by the 20 s test bound only), no
/// unbounded memory (an 1 TB length is refused from its header) — and the client closes with the
/// matching code.
@Suite("WebSocket against malformed frames and messages", .timingSensitive)
struct MalformedServerTests {
    /// Fault kind, a part of the error message, and the code the client closes with.
    static let cases: [(String, String, Int?)] = [
        ("bad-opcode", "reserved opcode", 1002),
        ("reserved-bits", "reserved bits", 1002),
        ("masked", "masked frame", 1002),
        ("bad-utf8", "not valid UTF-8", 1007),
        ("oversize", "the limit is 1048576", 1009),
        ("control-too-long", "control frame of 126 bytes", 1002),
        ("fragmented-control", "fragmented control frame", 1002),
        ("bad-continuation", "continuation frame without a message", 1002),
        ("nonminimal-length", "must use the 7-bit form", 1002),
        ("bad-close-code", "invalid code 1005", 1002),
        ("not-json", "not JSON", 4400),
        ("unknown-type", "surprise", 4400),
        ("next-without-id", "no `id`", 4400),
        ("next-bad-payload", "not a GraphQL response", 4400),
        ("deep-json", "not JSON", 4400),
        ("binary", "binary frames", 4400),
    ]

    @Test("a malformed frame or message ends the stream with a clear error", arguments: cases.map(\.0))
    func malformed(kind: String) async throws {
        let (_, expected, closeCode) = Self.cases.first { $0.0 == kind }!
        let server = try await FaultServer.start()
        defer { server.stop() }
        let (client, _) = FaultServerWebSocketTests.client(server.url("malformed=\(kind)")) { $0.maxMessageSize = 1 << 20 }
        let (values, error) = await FaultServerWebSocketTests.values(client)
        #expect(values.isEmpty)
        let graftError = try #require(error as? GraftError)
        #expect(graftError.code == .transport)
        #expect(graftError.operation == "Counter")
        #expect(graftError.message.contains(expected), "\(graftError.message)")
        let stats = try await server.stats()
        #expect(stats["malformedSent"].int == 1)
        #expect(stats["connections"].int == 1, "a malformed server is not retried")
        if let closeCode {
            try await StrawberryWebSocketTests.eventually { try await server.stats()["clientCloseCodes"].array?.first?.int == closeCode }
        }
    }
}
