import Foundation
import Graft
import Testing

/// The caps and the least-recently-used order of the in-memory storage.
@Suite("In-memory HTTP cache storage")
struct InMemoryHTTPCacheStorageTests {
    /// Entry `index`; every index below 90,000 gives the same byte count for the same body.
    static func entry(_ index: Int, bodyBytes: Int = 10) -> HTTPCacheEntry {
        HTTPCacheEntry(key: "GET https://api.example.test/items/\(10_000 + index)", statusCode: 200,
                       headers: ["ETag": "\"\(10_000 + index)\""],
                       body: Data(repeating: 0x61, count: bodyBytes), requestTime: Date(), responseTime: Date())
    }

    @Test func aThousandEntriesUnderACapOfAHundredLeaveTheHundredMostRecentlyUsed() {
        let storage = InMemoryHTTPCacheStorage(maxEntries: 100, maxBytes: .max)
        for index in 0..<1_000 {
            storage.store(Self.entry(index))
            // Entry 7 is read after every store: it stays the most recently used.
            if index >= 7 { #expect(storage.entries(forKey: Self.entry(7).key).count == 1) }
        }
        #expect(storage.count == 100)
        let kept = (0..<1_000).filter { !storage.entries(forKey: Self.entry($0).key).isEmpty }
        #expect(kept == [7] + Array(901..<1_000))
    }

    @Test func theByteCapHoldsTheSameWay() {
        let size = Self.entry(0, bodyBytes: 1_000).byteCount
        let storage = InMemoryHTTPCacheStorage(maxEntries: .max, maxBytes: size * 10)
        for index in 0..<1_000 { storage.store(Self.entry(index, bodyBytes: 1_000)) }
        #expect(storage.byteCount <= size * 10)
        #expect(storage.count == 10)
        #expect((0..<1_000).filter { !storage.entries(forKey: Self.entry($0).key).isEmpty } == Array(990..<1_000))
    }

    @Test func anEntryLargerThanTheByteCapIsNotStoredAndDropsTheOneItReplaces() {
        let storage = InMemoryHTTPCacheStorage(maxEntries: 10, maxBytes: 2_000)
        #expect(storage.store(Self.entry(1)))
        #expect(!storage.store(Self.entry(1, bodyBytes: 5_000)))
        #expect(storage.count == 0 && storage.byteCount == 0)
    }

    @Test func replacingAndRemovingKeepTheCountsRight() {
        let storage = InMemoryHTTPCacheStorage()
        storage.store(Self.entry(1))
        storage.store(Self.entry(1, bodyBytes: 20))
        var french = Self.entry(1)
        french.variant = "accept-language=fr\n"
        storage.store(french)
        #expect(storage.count == 2)
        #expect(storage.byteCount == Self.entry(1, bodyBytes: 20).byteCount + french.byteCount)
        #expect(storage.removeEntries(forKey: french.key) == 2)
        #expect(storage.count == 0 && storage.byteCount == 0)
        storage.store(Self.entry(2))
        storage.removeAll()
        #expect(storage.count == 0 && storage.entries(forKey: Self.entry(2).key).isEmpty)
    }
}
