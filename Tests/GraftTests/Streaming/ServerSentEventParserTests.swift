import Foundation
import Graft
import Testing

@Suite("Server-Sent Events parser")
struct ServerSentEventParserTests {
    /// CRLF, LF and CR line ends, a BOM, comments, multi-line data, ids, retry, an unknown field,
    /// a field without a colon, and graphql-sse's events.
    static let stream = Array((
        "\u{FEFF}: ping\r\n\r\n"
        + "event: next\r\ndata: {\"data\":{\"n\":1}}\r\n\r\n"
        + "data: line one\ndata:line two\nid: 7\nretry: 1500\nunknown: x\n\n"
        + ":keep-alive\r\r"
        + "event: next\rdata\rdata: third\r\r"
        + "event: complete\r\ndata: \r\n\r\n"
    ).utf8)

    static let expected: [ServerSentEvent] = [
        ServerSentEvent(event: "next", data: "{\"data\":{\"n\":1}}"),
        ServerSentEvent(event: "message", data: "line one\nline two", id: "7", retry: 1500),
        ServerSentEvent(event: "next", data: "\nthird", id: "7"),
        ServerSentEvent(event: "complete", data: "", id: "7"),
    ]

    static func parse(_ chunks: [Data]) throws -> (events: [ServerSentEvent], parser: ServerSentEventParser) {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        for chunk in chunks { events += try parser.parse(chunk) }
        return (events, parser)
    }

    @Test("the whole stream at once")
    func whole() throws {
        let (events, parser) = try Self.parse([Data(Self.stream)])
        #expect(events == Self.expected)
        #expect(parser.keepAlives == 2)
        try parser.finish()
    }

    @Test("fed one byte at a time (a CRLF split between chunks is one line break)")
    func bytewise() throws {
        let (events, parser) = try Self.parse(Chunking.bytewise(Self.stream))
        #expect(events == Self.expected)
        #expect(parser.keepAlives == 2)
    }

    @Test("1,000 random chunkings (chunks of 1 byte and up) give the same events")
    func randomChunkings() throws {
        for seed in UInt64(0)..<1000 {
            let (events, parser) = try Self.parse(Chunking.random(Self.stream, seed: seed))
            #expect(events == Self.expected, "seed \(seed)")
            try parser.finish()
        }
    }

    @Test("a stream cut inside an event ends in a clear error; cut between events it does not")
    func truncated() throws {
        let text = "event: next\ndata: {\"a\":1}\n\nevent: next\ndata: {\"a\":2}\n\n"
        let bytes = Array(text.utf8)
        let boundaries: Set<Int> = [0, text.utf8.count / 2, bytes.count]
        for length in 0...bytes.count {
            let (_, parser) = try Self.parse(Chunking.random(Array(bytes[..<length]), seed: UInt64(length)))
            if boundaries.contains(length) {
                try parser.finish()
            } else {
                let error = #expect(throws: GraftError.self, "length \(length)") { try parser.finish() }
                #expect(error?.message == "the event stream ended inside an event")
            }
        }
    }

    @Test("an event over the size limit is an error, not unbounded memory")
    func limit() throws {
        var parser = ServerSentEventParser(maxEventSize: 1000)
        let error = #expect(throws: GraftError.self) {
            for _ in 0..<100 { _ = try parser.parse(Data("data: 0123456789\n".utf8)) }
        }
        #expect(error?.message.contains("larger than 1000 bytes") == true)
        var unterminated = ServerSentEventParser(maxEventSize: 1000)
        #expect(throws: GraftError.self) {
            for _ in 0..<100 { _ = try unterminated.parse(Data(repeating: 0x61, count: 100)) }
        }
    }
}
