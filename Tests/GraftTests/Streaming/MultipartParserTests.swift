import Foundation
import Graft
import Testing

@Suite("Multipart parser")
struct MultipartParserTests {
    /// A stream with a preamble, a part without headers, a heartbeat, a body holding CRs, LFs and
    /// the boundary text without its leading line break, transport padding, and an epilogue.
    static let stream = Array((
        "preamble to ignore\r\n"
        + "--graphql\r\ncontent-type: application/json\r\n\r\n{\"payload\":{\"data\":{\"n\":1}}}"
        + "\r\n--graphql \t\r\n\r\nno headers\r\n\r\n"
        + "\r\n--graphql\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: 2\r\n\r\n{}"
        + "\r\n--graphql\r\nX-Part: 3\r\n\r\n--graphql inside\r\na body\rwith\nbreaks-\r\n--graph"
        + "\r\n--graphql--\r\nepilogue\r\n--graphql\r\nnot a part\r\n\r\n"
    ).utf8)

    static let expected: [MultipartPart] = [
        MultipartPart(headers: ["content-type": "application/json"], body: Data("{\"payload\":{\"data\":{\"n\":1}}}".utf8)),
        MultipartPart(headers: [:], body: Data("no headers\r\n\r\n".utf8)),
        MultipartPart(headers: ["Content-Type": "application/json; charset=utf-8", "Content-Length": "2"], body: Data("{}".utf8)),
        MultipartPart(headers: ["X-Part": "3"], body: Data("--graphql inside\r\na body\rwith\nbreaks-\r\n--graph".utf8)),
    ]

    static func parse(_ chunks: [Data], boundary: String = "graphql") throws -> (parts: [MultipartPart], parser: MultipartParser) {
        var parser = try MultipartParser(boundary: boundary)
        var parts: [MultipartPart] = []
        for chunk in chunks { try parser.parse(chunk, into: &parts) }
        return (parts, parser)
    }

    @Test("the whole stream at once: preamble and epilogue skipped, headers read, bodies exact")
    func whole() throws {
        let (parts, parser) = try Self.parse([Data(Self.stream)])
        #expect(parts == Self.expected)
        #expect(parser.isComplete)
        try parser.finish()
    }

    @Test("fed one byte at a time: the same parts")
    func bytewise() throws {
        let (parts, parser) = try Self.parse(Chunking.bytewise(Self.stream))
        #expect(parts == Self.expected)
        try parser.finish()
    }

    @Test("1,000 random chunkings (chunks of 1 byte and up) give the same parts")
    func randomChunkings() throws {
        for seed in UInt64(0)..<1000 {
            let (parts, parser) = try Self.parse(Chunking.random(Self.stream, seed: seed))
            #expect(parts == Self.expected, "seed \(seed)")
            #expect(parser.isComplete, "seed \(seed)")
        }
    }

    @Test("Strawberry's framing: no preamble, no line break before the first delimiter, a bare close line")
    func noPreamble() throws {
        // Strawberry's close: the last part's delimiter, then a line break, then `--graphql--`.
        let text = "--graphql\r\nContent-Type: application/json\r\n\r\n{}\r\n--graphql\r\nContent-Type: application/json\r\n\r\n{\"payload\":1}\r\n--graphql\r\n--graphql--\r\n"
        let (parts, parser) = try Self.parse(Chunking.bytewise(Array(text.utf8)))
        #expect(parts.map { String(decoding: $0.body, as: UTF8.self) } == ["{}", "{\"payload\":1}"])
        try parser.finish()
    }

    @Test("every truncation of the stream before its closing delimiter ends in a clear error")
    func truncated() throws {
        let close = Self.stream.count - "\r\nepilogue\r\n--graphql\r\nnot a part\r\n\r\n".utf8.count
        for length in 0..<close - 1 {
            let (_, parser) = try Self.parse(Chunking.random(Array(Self.stream[..<length]), seed: UInt64(length)))
            let error = #expect(throws: GraftError.self, "length \(length)") { try parser.finish() }
            #expect(error?.code == .transport)
            #expect(error?.message.contains("multipart response ended") == true, "length \(length)")
        }
    }

    @Test("boundaries from Content-Type: quoted, unquoted, followed by other parameters, default '-'")
    func boundaries() {
        #expect(MultipartParser.boundary(inContentType: "multipart/mixed; boundary=\"-\"") == "-")
        #expect(MultipartParser.boundary(inContentType: "multipart/mixed;boundary=graphql;subscriptionSpec=1.0,application/json") == "graphql")
        #expect(MultipartParser.boundary(inContentType: "Multipart/Mixed; Boundary=\"a;b\"; deferSpec=20220824") == "a;b")
        #expect(MultipartParser.boundary(inContentType: "multipart/mixed") == "-")
        #expect(MultipartParser.boundary(inContentType: "application/json") == nil)
    }

    @Test("malformed input gives errors, and a part over the limit fails before it is buffered whole")
    func malformed() throws {
        #expect(throws: GraftError.self) { try MultipartParser(boundary: "") }
        #expect(throws: GraftError.self) { try Self.parse([Data("--b\r\nno colon here\r\n\r\nx\r\n--b--".utf8)], boundary: "b") }
        #expect(throws: GraftError.self) { try Self.parse([Data("--b junk\r\n\r\nx\r\n--b--".utf8)], boundary: "b") }
        var parser = try MultipartParser(boundary: "b", maxPartSize: 1000)
        _ = try parser.parse(Data("--b\r\n\r\n".utf8))
        let error = #expect(throws: GraftError.self) {
            for _ in 0..<100 { _ = try parser.parse(Data(repeating: 0x61, count: 100)) }
        }
        #expect(error?.message.contains("larger than 1000 bytes") == true)
    }
}
