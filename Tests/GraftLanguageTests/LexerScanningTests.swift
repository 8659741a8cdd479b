import Testing
@testable import GraftLanguage

/// The lexer's word- and vector-wide scans (Lexer+Scanning.swift) against byte-by-byte loops:
/// every byte value in every lane, and random buffers whose interesting bytes fall in the
/// sixteen-byte blocks, the eight-byte words and the tail.
@Suite struct LexerScanningTests {
    /// Runs `body` with a lexer over `bytes` (not checked as UTF-8: the scans see raw bytes).
    func withLexer<R>(_ bytes: [UInt8], _ body: (Lexer) -> R) -> R {
        bytes.withUnsafeBufferPointer { buffer in body(Lexer(bytes: buffer, source: Source(uncheckedBytes: bytes))) }
    }

    @Test func nonNameLanesClassifyEveryByteInEveryLane() {
        for lane in 0..<8 {
            for value in 0...255 {
                for filler: UInt8 in [UInt8(ascii: "a"), UInt8(ascii: "_"), UInt8(ascii: "9"), UInt8(ascii: "Z")] {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[lane] = UInt8(value)
                    let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    let flagged = Lexer.nonNameLanes(word) & (0x80 << UInt64(lane * 8)) != 0
                    #expect(flagged == !Lexer.isNameContinue(UInt8(value)), "byte \(value) in lane \(lane)")
                    #expect(Lexer.nonNameLanes(word) & ~(0x80 << UInt64(lane * 8)) == 0, "byte \(value) in lane \(lane)")
                }
            }
        }
    }

    @Test func nameLanesClassifyEveryByteInEveryLane() {
        for lane in 0..<16 {
            for value in 0...255 {
                for filler: UInt8 in [UInt8(ascii: "a"), UInt8(ascii: "_"), UInt8(ascii: "9"), UInt8(ascii: "Z"), 0x20] {
                    var block = SIMD16<UInt8>(repeating: filler)
                    block[lane] = UInt8(value)
                    let lanes = unsafeBitCast(Lexer.nameLanes(block), to: SIMD16<UInt8>.self)
                    for other in 0..<16 {
                        let byte = other == lane ? UInt8(value) : filler
                        #expect(lanes[other] == (Lexer.isNameContinue(byte) ? 0xFF : 0), "byte \(value) in lane \(lane), lane \(other)")
                    }
                }
            }
        }
    }

    /// Buffers of name bytes with one stop byte (or none) at every position, for lengths around
    /// the block and word sizes.
    @Test func skipsAgreeWithByteLoops() {
        var generator = SystemRandomNumberGenerator()
        let plain = Array("abcXYZ019_ \t".utf8)
        let stops: [UInt8] = [0x22, 0x5C, 0x0A, 0x0D, 0x20, 0x2D, 0x7B, 0xC3, 0x00, 0xFF]
        for length in 0...48 {
            for stopAt in -1..<length {
                for stop in stops {
                    var bytes = (0..<length).map { _ in plain.randomElement(using: &generator)! }
                    if stopAt >= 0 { bytes[stopAt] = stop }
                    for start in [0, 1, 3].filter({ $0 <= length }) {
                        withLexer(bytes) { lexer in
                            func first(_ isStop: (UInt8) -> Bool) -> Int {
                                bytes[start...].firstIndex(where: isStop) ?? length
                            }
                            #expect(lexer.skipNameContinue(from: start) == first { !Lexer.isNameContinue($0) })
                            #expect(lexer.skipPlainStringBytes(from: start) == first { [0x22, 0x5C, 0x0A, 0x0D].contains($0) })
                            #expect(lexer.skipPlainBlockStringBytes(from: start) == first { [0x22, 0x5C].contains($0) })
                            #expect(lexer.nextLineBreak(from: start, to: length) == first { [0x0A, 0x0D].contains($0) })
                        }
                    }
                }
            }
        }
    }
}
