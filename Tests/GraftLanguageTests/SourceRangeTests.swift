import Testing
@testable import GraftLanguage

/// Source ranges keep offsets in 32 bits (Source.swift): every offset up to 4 GiB reads back as
/// written, and a source longer than that is a syntax error before any range is made.
@Suite struct SourceRangeTests {
    @Test func offsetsUpToTheLargestReadBackAsWritten() {
        var range = SourceRange(start: 0, end: SourceRange.maxOffset)
        #expect(range.start == 0)
        #expect(range.end == 4_294_967_295)
        range.start = 123_456_789
        range.end = SourceRange.maxOffset - 1
        #expect(range == SourceRange(start: 123_456_789, end: 4_294_967_294))
        #expect(range != SourceRange(start: 123_456_789, end: 4_294_967_295))
    }

    @Test func aSourceLongerThanRangesCanAddressIsASyntaxError() throws {
        let source = Source("type Query { a: Int }", name: "huge.graphql")
        let error = try #require(throws: SyntaxError.self) {
            try Parser.checkAddressable(source, byteCount: SourceRange.maxOffset + 1)
        }
        #expect(error.message == "Syntax Error: Document of 4294967296 bytes is longer than the 4294967295 bytes a source can have.")
        #expect(error.byteOffset == 0)
        #expect(error.sourceName == "huge.graphql")
        // The largest addressable size passes.
        try Parser.checkAddressable(source, byteCount: SourceRange.maxOffset)
    }
}
