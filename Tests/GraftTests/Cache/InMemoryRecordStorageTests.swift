import Testing
@testable import Graft

@Suite struct InMemoryRecordStorageTests {
    /// A deterministic generator (SplitMix64).
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// Random merges and removals (records growing past the indexed threshold, relocations,
    /// compactions, index growth and deletions) give the same records and the same reported
    /// changes as a dictionary model.
    @Test func matchesADictionaryModelUnderRandomOperations() throws {
        let storage = InMemoryRecordStorage()
        var model: [CacheKey: [String: CacheValue]] = [:]
        var random = Random(state: 42)
        for round in 0..<3000 {
            var changes = RecordSet()
            var expected: Set<CacheFieldRef> = []
            var next = model
            if random.next(10) == 0 {
                let keys = (0..<3).map { _ in CacheKey("K:\(random.next(400))") }
                for key in Set(keys) {
                    for field in next[key]?.keys ?? [:].keys { expected.insert(CacheFieldRef(key, field)) }
                    next[key] = nil
                }
                #expect(Set(storage.removeRecords(Array(Set(keys)))) == expected)
                model = next
                continue
            }
            for _ in 0..<(1 + random.next(4)) {
                let key = CacheKey("K:\(random.next(400))")
                for _ in 0..<(1 + random.next(random.next(8) == 0 ? 40 : 4)) {
                    let field = random.next(6) == 0 ? "__typename" : "f\(random.next(30))"
                    if random.next(8) == 0 {
                        changes.removeField(key, field)
                    } else {
                        let value: CacheValue = field == "__typename"
                            ? (random.next(5) == 0 ? .null : .string("T\(random.next(3))"))
                            : random.next(3) == 0 ? .reference(CacheKey("K:\(random.next(400))")) : .int(random.next(5))
                        changes.set(key, field, value)
                    }
                }
            }
            for (key, update) in changes.updates {
                var fields = next[key] ?? [:]
                for (field, value) in update.fields {
                    if fields[field] != value { if value != nil || fields[field] != nil { expected.insert(CacheFieldRef(key, field)) } }
                    fields[field] = value
                }
                next[key] = fields.isEmpty ? nil : fields
            }
            let reported = storage.merge(changes, receivedAt: CacheTimestamp(seconds: UInt32(round)))
            #expect(Set(reported) == expected, "round \(round)")
            #expect(reported.count == expected.count)
            model = next
        }
        #expect(storage.recordCount() == model.count)
        #expect(Set(storage.allKeys()) == Set(model.keys))
        for (key, fields) in model {
            #expect(try storage.record(for: key)?.fields == fields)
        }
        #expect(storage.handle(for: "K:missing") == nil)
    }

    @Test func fieldsAreCompact() {
        #expect(MemoryLayout<CacheValue>.size <= 17)
        #expect(MemoryLayout<InMemoryRecordStorage.Entry>.stride == 24)
        #expect(MemoryLayout<InMemoryRecordStorage.Slot>.stride == 24)
    }

    @Test func receivedAtIsRenewedWithoutReportingAChange() {
        let storage = InMemoryRecordStorage()
        var changes = RecordSet()
        changes.set("A:1", "name", "a")
        #expect(storage.merge(changes, receivedAt: CacheTimestamp(seconds: 10)).count == 1)
        #expect(storage.merge(changes, receivedAt: CacheTimestamp(seconds: 20)).isEmpty)
        let handle = storage.handle(for: "A:1")!
        #expect(storage.field("name", of: handle)?.receivedAt == CacheTimestamp(seconds: 20))
    }
}
