import Testing
@testable import GraftLanguage

/// The parser's name interning (Parser/NameTable.swift): equal names share one string, names that
/// differ anywhere (in the first sixteen bytes, past them, or only in length) stay apart, also
/// after the table grows and at the very end of the source.
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
}
