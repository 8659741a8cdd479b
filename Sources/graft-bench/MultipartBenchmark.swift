import Foundation
import Graft

/// `multipart`: the incremental `multipart/mixed` parser on a 10 MB stream of 1,000 parts (JSON
/// payloads of about 10 KB, Strawberry's framing), fed in 16 KB chunks as a socket delivers them.
enum MultipartBenchmark {
    static func run(_ arguments: [String]) throws {
        guard arguments.isEmpty else { throw BenchmarkError("usage: graft-bench multipart") }
        let stream = makeStream(parts: 1000, partSize: 10_000)
        let chunks = stride(from: 0, to: stream.count, by: 16 << 10).map { Data(stream[$0..<min(stream.count, $0 + (16 << 10))]) }
        let expected = try parse(chunks)
        guard expected == 1000 else { throw BenchmarkError("parsed \(expected) parts, not 1,000") }
        let milliseconds = try Measurement.median(producing: { try parse(chunks) })
        Measurement.report("multipart", "1,000 parts in 16 KB chunks", bytes: stream.count, milliseconds: milliseconds)
    }

    /// Parses the chunks; returns the number of parts.
    static func parse(_ chunks: [Data]) throws -> Int {
        var parser = try MultipartParser(boundary: "graphql")
        var parts: [MultipartPart] = []
        parts.reserveCapacity(1000)
        for chunk in chunks { try parser.parse(chunk, into: &parts) }
        try parser.finish()
        return parts.count
    }

    /// `parts` parts of `partSize` bytes each, with headers and delimiters as Strawberry writes them.
    static func makeStream(parts: Int, partSize: Int) -> [UInt8] {
        var stream: [UInt8] = Array("--graphql".utf8)
        for index in 0..<parts {
            let prefix = "{\"payload\":{\"data\":{\"n\":\(index),\"text\":\""
            let payload = prefix + String(repeating: "x", count: partSize - prefix.utf8.count - 5) + "\"}}}"
            stream += Array("\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: \(payload.utf8.count)\r\n\r\n".utf8)
            stream += Array(payload.utf8)
            stream += Array("\r\n--graphql".utf8)
        }
        stream += Array("--\r\n".utf8)
        return stream
    }
}
