import Foundation
import Graft
import GraftTestSupport
import Testing

/// The entry's bytes (what a persisted storage keeps) and its freshness arithmetic.
@Suite("HTTP cache entries")
struct HTTPCacheEntryTests {
    static let entry = HTTPCacheEntry(
        key: "GET https://api.example.test/v1/courses?limit=2", variant: "accept-language=fr\n", statusCode: 203,
        headers: ["Cache-Control": "max-age=60", "ETag": "\"é-1\"", "X-Empty": ""], body: Data(#"{"title":"Café"}"#.utf8),
        url: URL(string: "https://api.example.test/v1/courses?limit=2"),
        requestTime: Date(timeIntervalSinceReferenceDate: 800_000_000.25), responseTime: Date(timeIntervalSinceReferenceDate: 800_000_001.5),
        assignedLifetime: 30)

    @Test func anEntryReadsBackAsItWasWritten() throws {
        #expect(try HTTPCacheEntry(serialized: Self.entry.serialized) == Self.entry)
        var bare = Self.entry
        bare.url = nil
        bare.assignedLifetime = nil
        bare.body = Data()
        #expect(try HTTPCacheEntry(serialized: bare.serialized) == bare)
    }

    @Test func damagedBytesThrowAndNeverCrash() {
        let bytes = Self.entry.serialized
        for length in 0..<bytes.count {
            #expect(throws: GraftError.self) { try HTTPCacheEntry(serialized: bytes.prefix(length)) }
        }
        #expect(throws: GraftError.self) { try HTTPCacheEntry(serialized: bytes + [0]) }
        // Every single-byte change either throws or reads as some entry: never a crash.
        var generator = SeededGenerator(state: 31)
        for _ in 0..<2_000 {
            var damaged = bytes
            damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            _ = try? HTTPCacheEntry(serialized: damaged)
        }
        // A length claiming far more than is there is refused before anything is allocated.
        #expect(throws: GraftError.self) { try HTTPCacheEntry(serialized: Array("GHC1".utf8) + [0xff, 0xff, 0xff, 0x7f]) }
    }

    @Test func a304MergesItsHeadersExceptThoseDescribingTheBody() {
        let notModified = HTTPResponse(statusCode: 304, headers: ["Cache-Control": "max-age=5", "Content-Length": "0", "X-New": "1"])
        let later = Date(timeIntervalSinceReferenceDate: 800_000_100)
        let merged = Self.entry.merging(notModified: notModified, requestTime: later, responseTime: later)
        #expect(merged.headers["Cache-Control"] == "max-age=5")
        #expect(merged.headers["X-New"] == "1")
        #expect(merged.headers["ETag"] == "\"é-1\"")
        #expect(merged.headers["Content-Length"] == nil)
        #expect(merged.body == Self.entry.body && merged.statusCode == 203)
        #expect(merged.isFresh(at: later.addingTimeInterval(4)))
        #expect(!merged.isFresh(at: later.addingTimeInterval(6)))
    }

    @Test func noCacheIsNeverFreshAndMustRevalidateIsNeverServedStale() {
        var entry = Self.entry
        entry.headers["Cache-Control"] = "no-cache, max-age=600"
        #expect(!entry.isFresh(at: entry.responseTime))
        #expect(!entry.mayServeStale)
        entry.headers["Cache-Control"] = "max-age=600, must-revalidate"
        #expect(entry.isFresh(at: entry.responseTime) && !entry.mayServeStale)
        entry.headers["Cache-Control"] = nil
        #expect(entry.freshnessLifetime == 30)
    }
}
