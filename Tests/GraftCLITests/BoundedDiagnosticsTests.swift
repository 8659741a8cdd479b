import Foundation
import Testing

/// What `graft` prints for one hostile input stays small however large the input: the source line
/// is clipped around the column and values quoted in messages are clipped. The inputs are made at
/// run time (nothing large is committed) and removed afterwards.
@Suite(.serialized) struct BoundedDiagnosticsTests {
    /// Writes `head`, `count` bytes of `filler` and `tail` to `name` in a new folder; returns its path.
    static func largeFile(_ name: String, head: String, filler: UInt8, count: Int, tail: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("graft-bounded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(head.utf8).write(to: url)
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        let chunk = Data(repeating: filler, count: 1 << 20)
        for _ in 0..<(count >> 20) { try handle.write(contentsOf: chunk) }
        try handle.write(contentsOf: Data(repeating: filler, count: count & ((1 << 20) - 1)) + Data(tail.utf8))
        try handle.close()
        return url
    }

    @Test func anUnterminated50MBStringPrintsAFewLines() async throws {
        let file = try Self.largeFile("Unterminated.graphql", head: "query Q { f(a: \"", filler: UInt8(ascii: "a"),
                                      count: 50_000_000, tail: "")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try await GraftTool.run(["print", file.path])
        #expect(result.status == 1)
        #expect(result.standardError.utf8.count < 64 * 1024, "\(result.standardError.utf8.count) bytes on standard error")
        #expect(result.standardError.hasPrefix("\(file.path):1:50000017: error: Syntax Error: Unterminated string."))
        #expect(result.standardError.contains("…aaaa"))
    }

    @Test func a200MBStringArgumentIsQuotedClipped() async throws {
        let schema = try GraftTool.temporaryFile("type Query { f(a: Int): Int }", name: "schema.graphqls")
        let operation = try Self.largeFile("Huge.graphql", head: "query Q { f(a: \"", filler: UInt8(ascii: "b"),
                                           count: 200_000_000, tail: "\") }\n")
        defer { try? FileManager.default.removeItem(at: operation.deletingLastPathComponent()) }
        let result = try await GraftTool.run(["validate", "--schema", schema, "--operations", operation.path])
        #expect(result.status == 1)
        #expect(result.standardError.utf8.count < 64 * 1024, "\(result.standardError.utf8.count) bytes on standard error")
        #expect(result.standardError.hasPrefix("\(operation.path):1:16: error: Int cannot represent non-integer value: \"bbbb"))
    }
}
