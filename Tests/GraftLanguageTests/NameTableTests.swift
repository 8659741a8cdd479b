import Testing
@testable import GraftLanguage

/// The parser's name interning (Parser/NameTable.swift): equal names share one string, names that
/// differ anywhere (in the first sixteen bytes, past them, or only in length) stay apart, also
/// after the table grows and at the very end of the source; short names are made inline with the
/// standard library's bits.
@Suite struct NameTableTests {
    /// `names`, written one after another, interned by one table.
    func intern(_ names: [String]) -> [String] {
        let text = names.joined(separator: " ")
        let bytes = Array(text.utf8)
        var table = NameTable(byteCount: 0)
        var start = 0
        return bytes.withUnsafeBufferPointer { buffer in
            names.map { name in
                let end = start + name.utf8.count
                defer { start = end + 1 }
                return table.name(buffer, start, end)
            }
        }
    }

    @Test func namesThatDifferAnywhereStayApart() {
        let names = [
            "a", "ab", "abcdefgh", "abcdefghi", "abcdefghijklmnop", "abcdefghijklmnopq",
            "abcdefghijklmnopqrstuvwxyz012345", "abcdefghijklmnopqrstuvwxyz012346",
            "abcdefghijklmnopqrstuvwxyz01234", "bbcdefghijklmnopqrstuvwxyz012345",
            "abcdefghijklmnopXrstuvwxyz012345", "abcdefghijklmnopqrstuvwxyz012345_tail_past_forty",
        ]
        #expect(intern(names + names.reversed()) == names + names.reversed())
    }

    /// A name over sixteen bytes is hashed by its first sixteen bytes, a word from its middle and
    /// its last eight bytes; names that differ only in the other bytes share a hash and must still
    /// stay apart, for every length from 17 to 48 and a difference at every byte.
    @Test func namesThatShareTheirHashedWordsStayApart() {
        var names: [String] = []
        for length in 17...48 {
            let base = Array(String(repeating: "Abcdefghijklmnopqrstuvwxyz_0123456789", count: 2).utf8.prefix(length))
            names.append(String(decoding: base, as: UTF8.self))
            for position in 0..<length {
                var changed = base
                changed[position] = changed[position] == UInt8(ascii: "Z") ? UInt8(ascii: "Y") : UInt8(ascii: "Z")
                names.append(String(decoding: changed, as: UTF8.self))
            }
        }
        #expect(Set(names).count == names.count)
        #expect(intern(names + names.reversed()) == names + names.reversed())
        // Each long name last in the source, where nothing can be read past it.
        for name in names.prefix(64) {
            #expect(intern([name, name]) == [name, name])
            #expect(intern(["x", name]).last == name)
        }
    }

    @Test func growingKeepsEveryName() {
        // 256 slots to start with: several thousand long names make the table grow four times.
        let names = (0..<3_000).map { "SomeFairlyLongTypeName\($0)Connection" }
        let interned = intern(names + names)
        #expect(interned == names + names)
        // The second occurrence is the first one's string, not a copy.
        func storage(_ string: String) -> UnsafePointer<UInt8>? {
            string.utf8.withContiguousStorageIfAvailable { $0.baseAddress } ?? nil
        }
        #expect((0..<names.count).allSatisfy { storage(interned[$0]) == storage(interned[$0 + names.count]) })
    }

    /// Names of up to 15 bytes are made inline from their bytes: the same bits as the standard
    /// library's own strings, for every length, every name byte, and at the very end of the source
    /// (where the words are read byte by byte).
    @Test func shortNamesHaveTheStandardLibrarysBits() {
        #if arch(x86_64) || arch(arm64)
        #expect(NameTable.inlineASCIIFlags() != 0, "64-bit little-endian strings are made inline")
        #endif
        typealias Bits = (UInt64, UInt64)
        let nameBytes = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_".utf8)
        var generator = SystemRandomNumberGenerator()
        var names: [String] = []
        for length in 1...16 {
            for _ in 0..<20 {
                names.append(String(decoding: (0..<length).map { _ in nameBytes.randomElement(using: &generator)! }, as: UTF8.self))
            }
        }
        names += nameBytes.map { String(decoding: [$0], as: UTF8.self) }
        let interned = intern(names)
        #expect(interned == names)
        for (made, expected) in zip(interned, names) where expected.utf8.count <= 15 {
            #expect(unsafeBitCast(made, to: Bits.self) == unsafeBitCast(expected, to: Bits.self), "\(expected)")
            #expect(made.utf8.count == expected.utf8.count && made.hashValue == expected.hashValue)
        }
        // The last name ends the source: its words cannot be read past it.
        for length in 1...15 {
            let name = String(repeating: "z", count: length)
            let last = intern(["x", name]).last!
            #expect(unsafeBitCast(last, to: Bits.self) == unsafeBitCast(name, to: Bits.self))
        }
    }
}
