import Foundation
import Graft
@testable import GraftSQLite
import Testing

/// The persisted HTTP cache storage: caps and least-recently-used order on disk, reopening a file,
/// and damaged rows.
@Suite("SQLite HTTP cache storage")
struct SQLiteHTTPCacheStorageTests {
    /// Entry `index`; every index below 90,000 gives the same byte count for the same body.
    static func entry(_ index: Int, bodyBytes: Int = 10) -> HTTPCacheEntry {
        HTTPCacheEntry(key: "GET https://api.example.test/items/\(10_000 + index)", statusCode: 200,
                       headers: ["Cache-Control": "max-age=600", "ETag": "\"\(10_000 + index)\""],
                       body: Data(repeating: 0x61, count: bodyBytes),
                       requestTime: Date(timeIntervalSinceReferenceDate: 800_000_000),
                       responseTime: Date(timeIntervalSinceReferenceDate: 800_000_000))
    }

    /// A server stand-in that counts requests and answers each with a cacheable JSON body.
    final class CountingClient: HTTPClient {
        let count = LockedCount()
        func send(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPResponse {
            count.increment()
            return HTTPResponse(statusCode: 200, headers: ["Cache-Control": "max-age=600", "Content-Type": "application/json"],
                                body: Data(#"{"path":"\#(request.url.path)"}"#.utf8), url: request.url)
        }
    }

    final class LockedCount: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.lock(); defer { lock.unlock() }; return count }
        func increment() { lock.lock(); count += 1; lock.unlock() }
    }

    @Test func aThousandEntriesUnderACapOfAHundredLeaveTheHundredMostRecentlyUsed() throws {
        let file = try TemporaryDatabase()
        defer { file.remove() }
        let storage = try SQLiteHTTPCacheStorage(path: file.path, maxEntries: 100, maxBytes: .max)
        for index in 0..<1_000 {
            try storage.store(Self.entry(index))
            if index >= 7 { #expect(try storage.entries(forKey: Self.entry(7).key).count == 1) }
        }
        #expect(storage.count == 100)
        #expect(try storage.database.integer("SELECT COUNT(*) FROM graft_http_cache_v1") == 100)
        let kept = try (0..<1_000).filter { !(try storage.entries(forKey: Self.entry($0).key)).isEmpty }
        #expect(kept == [7] + Array(901..<1_000))
    }

    @Test func theByteCapHoldsTheSameWayAndAnOversizedEntryIsNotStored() throws {
        let file = try TemporaryDatabase()
        defer { file.remove() }
        let size = Self.entry(0, bodyBytes: 1_000).byteCount
        let storage = try SQLiteHTTPCacheStorage(path: file.path, maxEntries: .max, maxBytes: size * 10)
        for index in 0..<200 { try storage.store(Self.entry(index, bodyBytes: 1_000)) }
        #expect(storage.count == 10 && storage.byteCount == size * 10)
        #expect(try (0..<200).filter { !(try storage.entries(forKey: Self.entry($0).key)).isEmpty } == Array(190..<200))
        #expect(try !storage.store(Self.entry(199, bodyBytes: size * 10)))
        #expect(try storage.entries(forKey: Self.entry(199).key).isEmpty)
        #expect(storage.count == 9)
    }

    @Test func aReopenedFileHasItsEntriesCountsAndOrder() throws {
        let file = try TemporaryDatabase()
        defer { file.remove() }
        do {
            let storage = try SQLiteHTTPCacheStorage(path: file.path, maxEntries: 3)
            for index in 0..<3 { try storage.store(Self.entry(index)) }
            _ = try storage.entries(forKey: Self.entry(0).key)
        }
        let reopened = try SQLiteHTTPCacheStorage(path: file.path, maxEntries: 3)
        #expect(reopened.count == 3 && reopened.byteCount == 3 * Self.entry(0).byteCount)
        #expect(try reopened.entries(forKey: Self.entry(2).key) == [Self.entry(2)])
        // Entry 1 is now the least recently used: the next store evicts it.
        try reopened.store(Self.entry(3))
        #expect(try reopened.entries(forKey: Self.entry(1).key).isEmpty)
        #expect(try reopened.entries(forKey: Self.entry(0).key).count == 1)
    }

    @Test func aDamagedRowIsAMissAndTheRequestStillSucceeds() async throws {
        let file = try TemporaryDatabase()
        defer { file.remove() }
        let server = CountingClient()
        let url = URL(string: "https://api.example.test/v1/courses")!
        func client() throws -> InterceptingHTTPClient {
            InterceptingHTTPClient(base: server, interceptors: [
                HTTPCacheInterceptor(cache: HTTPResponseCache(storage: try SQLiteHTTPCacheStorage(path: file.path))),
            ])
        }
        #expect(try await client().send(HTTPRequest(url: url)).source == .server)
        #expect(try await client().send(HTTPRequest(url: url)).source == .cache)
        for damage in ["x'00'", "x'4748433100ffffff'", "zeroblob(64)", "'text'"] {
            try SQLiteHTTPCacheStorage(path: file.path).database.execute("UPDATE graft_http_cache_v1 SET entry = \(damage)")
            let before = server.count.value
            let response = try await client().send(HTTPRequest(url: url))
            #expect(response.source == .server && response.body == Data(#"{"path":"/v1/courses"}"#.utf8), "\(damage)")
            #expect(server.count.value == before + 1)
            #expect(try await client().send(HTTPRequest(url: url)).source == .cache)
        }
        #expect(try SQLiteHTTPCacheStorage(path: file.path).count == 1)
    }
}
