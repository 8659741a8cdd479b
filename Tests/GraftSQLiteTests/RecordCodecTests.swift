import Testing
@testable import Graft

@Suite struct RecordCodecTests {
    @Test func roundTripsEveryKindOfValue() throws {
        let fields: [String: StoredField] = [
            "null": StoredField(value: .null, receivedAt: CacheTimestamp(seconds: 0)),
            "flags": StoredField(value: [true, false], receivedAt: CacheTimestamp(seconds: .max)),
            "ints": StoredField(value: .list([0, 1, -1, .int(Int.max), .int(Int.min), 300]), receivedAt: CacheTimestamp(seconds: 7)),
            "double": StoredField(value: .double(-2.5e-300), receivedAt: CacheTimestamp(seconds: 8)),
            "text": StoredField(value: "héllo \u{1F600} \"quoted\"", receivedAt: CacheTimestamp(seconds: 9)),
            "ref": StoredField(value: .reference("Human:1000"), receivedAt: CacheTimestamp(seconds: 10)),
            #"hero({"episode":"JEDI"})"#: StoredField(value: .list([.reference("A:1"), .null, .list([])]), receivedAt: CacheTimestamp(seconds: 11)),
            "object": StoredField(value: .object(["lat": 1.5, "tags": ["a"]]), receivedAt: CacheTimestamp(seconds: 12)),
        ]
        let bytes = RecordCodec.encode(fields)
        #expect(try RecordCodec.decode(bytes) == fields)
        #expect(RecordCodec.encode(fields) == bytes)  // deterministic
    }

    @Test func rejectsTruncatedAndTrailingBytes() {
        let bytes = RecordCodec.encode(["name": StoredField(value: "Luke", receivedAt: CacheTimestamp(seconds: 1))])
        for length in 0..<bytes.count {
            #expect(throws: RecordCodec.DecodingError.self) { try RecordCodec.decode(Array(bytes.prefix(length))) }
        }
        #expect(throws: RecordCodec.DecodingError.self) { try RecordCodec.decode(bytes + [0]) }
        #expect(throws: RecordCodec.DecodingError.self) { try RecordCodec.decode([1, 1, 0x61, 0, 0, 0, 0, 99]) }
    }

    /// One field whose value is `depth` nested lists, each claiming as many items as bytes follow
    /// it, padded with zero bytes (nulls) to `size` bytes.
    static func nestedListsClaimingEverything(depth: Int, size: Int) -> [UInt8] {
        var bytes: [UInt8] = [1, 1, UInt8(ascii: "f"), 0, 0, 0, 0]
        for _ in 0..<depth {
            bytes.append(7)
            let header = bytes.count + 5  // a count under 2^35 takes at most five bytes
            RecordCodec.writeVarint(UInt64(size - header), to: &bytes)
        }
        return bytes + Array(repeating: 0, count: max(0, size - bytes.count))
    }

    @Test("nested lists that each claim every byte left fail at the second, before anything is reserved for it")
    func listsClaimingTheWholeBlob() {
        for size in [64 << 10, 4 << 20] {
            let bytes = Self.nestedListsClaimingEverything(depth: 511, size: size)
            let error = #expect(throws: RecordCodec.DecodingError.self) { try RecordCodec.decode(bytes) }
            // The second list's count (after the field's header and the first list's tag and count).
            #expect((error?.offset ?? .max) < 20, "size \(size)")
        }
    }

    @Test("a count is checked against the bytes left after those the enclosing lists and objects still need")
    func countsShareTheBytesLeft() throws {
        // A list of 3 whose first item is a list of 2: 1 + 2 + 2 more items fit in the 5 bytes left.
        let fits: [UInt8] = [1, 1, UInt8(ascii: "f"), 0, 0, 0, 0, 7, 3, 7, 2, 0, 0, 0, 0]
        #expect(try RecordCodec.decode(fits)["f"]?.value == .list([.list([.null, .null]), .null, .null]))
        // The inner list claiming 3 leaves no byte for the outer list's other two items.
        let claimsTooMany: [UInt8] = [1, 1, UInt8(ascii: "f"), 0, 0, 0, 0, 7, 3, 7, 3, 0, 0, 0, 0]
        let error = #expect(throws: RecordCodec.DecodingError.self) { try RecordCodec.decode(claimsTooMany) }
        #expect(error?.offset == 10)
        // Objects' fields take two bytes at least; record fields six.
        #expect(throws: RecordCodec.DecodingError.self) { try RecordCodec.decode([1, 1, UInt8(ascii: "f"), 0, 0, 0, 0, 8, 2, 0, 0, 0]) }
        #expect(throws: RecordCodec.DecodingError.self) { try RecordCodec.decode([2, 1, UInt8(ascii: "f"), 0, 0, 0, 0, 0, 0, 0]) }
    }

    @Test("the room reserved for a count's items is what the bytes available can hold")
    func itemCapacity() {
        #expect(RecordCodec.Reader.itemCapacity(count: 100, minimumBytesEach: 1, available: 100) == 100)
        #expect(RecordCodec.Reader.itemCapacity(count: 101, minimumBytesEach: 1, available: 100) == nil)
        #expect(RecordCodec.Reader.itemCapacity(count: 50, minimumBytesEach: 2, available: 100) == 50)
        #expect(RecordCodec.Reader.itemCapacity(count: 51, minimumBytesEach: 2, available: 101) == nil)
        #expect(RecordCodec.Reader.itemCapacity(count: 16, minimumBytesEach: 6, available: 100) == 16)
        #expect(RecordCodec.Reader.itemCapacity(count: 17, minimumBytesEach: 6, available: 100) == nil)
        #expect(RecordCodec.Reader.itemCapacity(count: 0, minimumBytesEach: 1, available: -1) == nil)
        #expect(RecordCodec.Reader.itemCapacity(count: .max, minimumBytesEach: 1, available: .max) == nil)
    }

    @Test("values nest at most 512 levels")
    func nesting() throws {
        func nested(_ levels: Int) -> CacheValue {
            var value = CacheValue.null
            for _ in 0..<levels { value = .list([value]) }
            return value
        }
        let deepest = ["f": StoredField(value: nested(RecordCodec.maxDepth - 1), receivedAt: CacheTimestamp(seconds: 1))]
        #expect(try RecordCodec.decode(RecordCodec.encode(deepest)) == deepest)
        let tooDeep = ["f": StoredField(value: nested(RecordCodec.maxDepth), receivedAt: CacheTimestamp(seconds: 1))]
        #expect(throws: RecordCodec.DecodingError.self) { try RecordCodec.decode(RecordCodec.encode(tooDeep)) }
    }
}
