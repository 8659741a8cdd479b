import Foundation
import GraftTestSupport
import Testing
@testable import Graft
@testable import GraftSQLite

/// The cache can only make things faster, never break a fetch: with a damaged record or a
/// read-only SQLite file, `networkOnly` and `cacheFirst` fetches return the server's data, the
/// failure reaches the client's cache-error hook once per failed write, and the next write repairs
/// the damaged record.
@Suite("Cache failures against the server", .timingSensitive)
struct CacheFailureIntegrationTests {
    /// Cache errors the client reported.
    final class Reports: Sendable {
        private let errors = Locked<[GraftError]>([])
        var all: [GraftError] { errors.withLock { $0 } }
        var handler: GraphQLClient.CacheErrorHandler { { error in self.errors.withLock { $0.append(error) } } }
    }

    static let slug = "swift-concurrency"
    static let key = CacheKey("Course:swift-concurrency")

    /// A temporary folder holding `cache.sqlite`.
    static func databasePath() throws -> (path: String, remove: () -> Void) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("graft-it-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (directory.appendingPathComponent("cache.sqlite").path, { try? FileManager.default.removeItem(at: directory) })
    }

    /// Overwrites a record's stored bytes with ones `RecordCodec` cannot decode, through a second connection.
    static func damage(_ key: CacheKey, at path: String) throws {
        let raw = try SQLiteRecordStorage(path: path)
        try raw.database.execute("UPDATE records SET fields = x'05ff01' WHERE key = '\(key.rawValue)'")
        #expect(throws: DamagedRecordError.self) { try raw.load(key) }
    }

    @Test("a damaged record: networkOnly and cacheFirst return the server's data, one report each, the write repairs it")
    func damagedRecord() async throws {
        let (path, remove) = try Self.databasePath()
        defer { remove() }
        let reports = Reports()
        let store = CacheStore(storage: try SQLiteRecordStorage(path: path), configuration: CacheConfiguration(schema: Catalog.schema))
        let (client, session) = try await CacheIntegrationTests.makeClient(store: store, onCacheError: reports.handler)
        let first = try await client.fetch(Catalog.CourseQuery(slug: Self.slug), cachePolicy: .networkOnly)
        #expect(first.data?.course?.title == "Swift Concurrency in Practice")
        #expect(reports.all.isEmpty)

        try Self.damage(Self.key, at: path)
        await #expect(throws: GraftError.self) { try await store.record(for: Self.key) }
        let network = try await client.fetch(Catalog.CourseQuery(slug: Self.slug), cachePolicy: .networkOnly)
        #expect(network.source == .server && network.data == first.data)
        #expect(reports.all.count == 1)
        let report = try #require(reports.all.first)
        #expect(report.code == .cache && report.operation == "CourseBySlug")
        #expect(report.request?.description.hasSuffix("/graphql") == true)
        #expect((report.underlying as? DamagedRecordError)?.key == Self.key)
        #expect(report.description.contains("the cached record Course:swift-concurrency is damaged"))
        // The damaged record was dropped and written again: the next read is whole.
        #expect(try await store.record(for: Self.key)?.fields["title"] == .string("Swift Concurrency in Practice"))

        try Self.damage(Self.key, at: path)
        let cacheFirst = try await client.fetch(Catalog.CourseQuery(slug: Self.slug), cachePolicy: .cacheFirst)
        #expect(cacheFirst.source == .server && cacheFirst.data == first.data)
        #expect(reports.all.count == 2)
        let again = try await client.fetch(Catalog.CourseQuery(slug: Self.slug), cachePolicy: .cacheFirst)
        #expect(again.source == .cache && again.data == first.data)
        #expect(reports.all.count == 2)
        #expect(try await session.stats()["operations"]["CourseBySlug"].int == 3)
    }

    /// The test runs as root in CI, where file permissions don't stop writes, so the file is opened
    /// read-only through an SQLite URI: SQLite refuses each write with `SQLITE_READONLY`, exactly as
    /// for a file without write permission.
    @Test("a read-only database: networkOnly and cacheFirst return the server's data, one report per fetch")
    func readOnlyDatabase() async throws {
        let (path, remove) = try Self.databasePath()
        defer { remove() }
        let configuration = CacheConfiguration(schema: Catalog.schema)
        do {
            let (writer, _) = try await CacheIntegrationTests.makeClient(
                store: CacheStore(storage: try SQLiteRecordStorage(path: path), configuration: configuration))
            _ = try await writer.fetch(Catalog.CourseQuery(slug: Self.slug), cachePolicy: .networkOnly)
        }
        let reports = Reports()
        let store = CacheStore(storage: try SQLiteRecordStorage(path: "file:\(path)?mode=ro"), configuration: configuration)
        let (client, _) = try await CacheIntegrationTests.makeClient(store: store, onCacheError: reports.handler)

        let network = try await client.fetch(Catalog.CourseQuery(slug: Self.slug), cachePolicy: .networkOnly)
        #expect(network.source == .server && network.data?.course?.title == "Swift Concurrency in Practice")
        #expect(reports.all.count == 1)
        #expect(reports.all.first?.code == .cache)
        #expect(((reports.all.first?.underlying as? SQLiteError)?.code).map { $0 & 0xFF } == 8)  // SQLITE_READONLY
        #expect(reports.all.first?.description.contains("readonly database") == true)

        let other = try await client.fetch(Catalog.CourseQuery(slug: "graphql-from-scratch"), cachePolicy: .cacheFirst)
        #expect(other.source == .server && other.data?.course?.title == "GraphQL from Scratch")
        #expect(reports.all.count == 2)
        // What the file holds is still read.
        let cached = try await client.fetch(Catalog.CourseQuery(slug: Self.slug), cachePolicy: .cacheFirst)
        #expect(cached.source == .cache && cached.data == network.data)
        #expect(reports.all.count == 2)
    }
}
