import Testing
import Graft

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
}
