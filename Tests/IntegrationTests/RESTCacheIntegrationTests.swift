import Foundation
import Graft
@testable import GraftSQLite
import GraftTestSupport
import Testing

/// The HTTP response cache under a `RESTClient`, against the server's cache probe resource
/// (`/rest/v1/cached/{name}`, Tests/IntegrationServer/cache_probe.py), which counts what reaches it.
@Suite("REST responses cached, against the server", .timingSensitive)
struct RESTCacheIntegrationTests {
    struct Probe: Decodable, Sendable, Equatable {
        let name: String
        let version: Int
        let language: String?
    }

    /// A REST client of the stack's session whose GETs go through `cache`.
    static func rest(_ stack: GraftStack, cache: HTTPResponseCache, kind: HTTPClientKind = .default) -> RESTClient {
        RESTClient(baseURL: stack.url("/rest"), versionPrefix: "v1",
                   httpClient: stack.client([HTTPCacheInterceptor(cache: cache)], kind: kind))
    }

    static func probe(_ name: String, _ query: [QueryItem], headers: HTTPHeaders = [:]) -> Endpoint<Probe> {
        Endpoint<Probe>(.get, "cached/\(name)", query: query, headers: headers)
    }

    @Test("max-age=60: the second GET is answered from the cache; the server saw one", arguments: HTTPClientKind.allCases)
    func maxAge(kind: HTTPClientKind) async throws {
        let stack = try await GraftStack.make()
        let rest = Self.rest(stack, cache: HTTPResponseCache(), kind: kind)
        let endpoint = Self.probe("fresh", [QueryItem("cc", "max-age=60")])
        let first = try await rest.response(for: endpoint)
        let second = try await rest.response(for: endpoint)
        #expect(first.response.source == .server)
        #expect(second.response.source == .cache)
        #expect(second.value == first.value)
        #expect(try await stack.stats()["paths"]["/rest/v1/cached/fresh"].int == 1)
    }

    @Test("ETag with max-age=0: the second GET sends If-None-Match, gets 304 and returns the stored body",
          arguments: HTTPClientKind.allCases)
    func revalidation(kind: HTTPClientKind) async throws {
        let stack = try await GraftStack.make()
        let cache = HTTPResponseCache()
        let rest = Self.rest(stack, cache: cache, kind: kind)
        let endpoint = Self.probe("etag", [QueryItem("cc", "max-age=0"), QueryItem("etag", "1")])
        let first = try await rest.response(for: endpoint)
        let second = try await rest.response(for: endpoint)
        #expect(second.response.source == .revalidated)
        #expect(second.response.statusCode == 200)
        #expect(second.value == first.value)
        let stats = try await stack.stats()
        #expect(stats["paths"]["/rest/v1/cached/etag"].int == 2)
        #expect(stats["conditionalRequests"]["/rest/v1/cached/etag"].int == 1)
        #expect(stats["notModified"]["/rest/v1/cached/etag"].int == 1)
        #expect(stats["lastRequest"]["headers"]["if-none-match"].string == "\"etag-v0\"")
        #expect(cache.statistics.revalidations == 1)
    }

    @Test("Last-Modified without a lifetime: every use is revalidated with If-Modified-Since")
    func lastModified() async throws {
        let stack = try await GraftStack.make()
        let rest = Self.rest(stack, cache: HTTPResponseCache())
        let endpoint = Self.probe("dated", [QueryItem("lastModified", "1")])
        _ = try await rest.response(for: endpoint)
        #expect(try await rest.response(for: endpoint).response.source == .revalidated)
        #expect(try await rest.response(for: endpoint).response.source == .revalidated)
        let stats = try await stack.stats()
        #expect(stats["notModified"]["/rest/v1/cached/dated"].int == 2)
        #expect(stats["lastRequest"]["headers"]["if-modified-since"].string == "Wed, 21 Oct 2015 07:28:00 GMT")
    }

    @Test("no-store is never cached")
    func noStore() async throws {
        let stack = try await GraftStack.make()
        let cache = HTTPResponseCache()
        let rest = Self.rest(stack, cache: cache)
        let endpoint = Self.probe("secret", [QueryItem("cc", "no-store, max-age=60"), QueryItem("etag", "1")])
        for _ in 0..<3 { #expect(try await rest.response(for: endpoint).response.source == .server) }
        #expect(cache.count == 0)
        let stats = try await stack.stats()
        #expect(stats["paths"]["/rest/v1/cached/secret"].int == 3)
        #expect(stats["conditionalRequests"]["/rest/v1/cached/secret"].isMissing)
    }

    @Test("Vary: Accept-Language keeps one entry per language")
    func vary() async throws {
        let stack = try await GraftStack.make()
        let cache = HTTPResponseCache()
        let rest = Self.rest(stack, cache: cache)
        let query = [QueryItem("cc", "max-age=60"), QueryItem("vary", "Accept-Language")]
        var answers: [String: Probe] = [:]
        for _ in 0..<2 {
            for language in ["en", "fr"] {
                let (value, response) = try await rest.response(for: Self.probe("vary", query, headers: ["Accept-Language": language]))
                #expect(value.language == language)
                if let earlier = answers[language] { #expect(response.source == .cache && value == earlier) }
                answers[language] = value
            }
        }
        #expect(cache.count == 2)
        #expect(try await stack.stats()["paths"]["/rest/v1/cached/vary"].int == 2)
    }

    @Test("a POST to the resource invalidates its cached GET; the next GET reaches the server")
    func writeInvalidates() async throws {
        let stack = try await GraftStack.make()
        let cache = HTTPResponseCache()
        let rest = Self.rest(stack, cache: cache)
        let read = Endpoint<Probe>(.get, "cached/course")
        var endpoint = read
        endpoint.query = [QueryItem("cc", "max-age=600")]
        // The GET's URL has a query; the write goes to the URL the GET used.
        #expect(try await rest.response(for: endpoint).value.version == 0)
        #expect(try await rest.response(for: endpoint).response.source == .cache)
        let write = Endpoint<Probe>(.post, "cached/course", query: [QueryItem("cc", "max-age=600")], body: ["title": "New"])
        #expect(try await rest.send(write).version == 1)
        let after = try await rest.response(for: endpoint)
        #expect(after.response.source == .server)
        #expect(after.value.version == 1)
        let stats = try await stack.stats()
        #expect(stats["paths"]["/rest/v1/cached/course"].int == 3)
        #expect(stats["methods"]["GET"].int == 2)
        // A write elsewhere whose Location names the resource invalidates it too.
        #expect(try await rest.response(for: endpoint).response.source == .cache)
        let location = "/rest/v1/cached/course?cc=max-age%3D600"
        _ = try await rest.send(Endpoint<Probe>(.post, "cached/other", query: [QueryItem("location", location)]))
        #expect(try await rest.response(for: endpoint).response.source == .server)
    }

    @Test("a persisted cache answers a new process; a damaged row is a miss, not a failure")
    func persistedAcrossProcesses() async throws {
        let stack = try await GraftStack.make()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graft-rest-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("http-cache.sqlite").path
        let url = stack.url("/rest/v1/cached/persisted?cc=max-age%3D600&etag=1").absoluteString

        func runReader() async throws -> String {
            let reader = try await GraftExecutable.run(["rest", path, url, stack.session], executable: "graft-cache-reader")
            #expect(reader.status == 0, "\(reader.standardError)")
            return reader.standardOutput
        }
        #expect(try await runReader().hasPrefix("source=server\n"))
        let second = try await runReader()
        #expect(second.hasPrefix("source=cache\n"))
        #expect(second.contains(#""name":"persisted""#))
        #expect(try await stack.stats()["paths"]["/rest/v1/cached/persisted"].int == 1)

        // Damage the stored value: the next process misses, asks the server and stores it again.
        try SQLiteHTTPCacheStorage(path: path).database.execute("UPDATE graft_http_cache_v1 SET entry = x'4748433100ffffff'")
        #expect(try await runReader().hasPrefix("source=server\n"))
        #expect(try await runReader().hasPrefix("source=cache\n"))
        #expect(try await stack.stats()["paths"]["/rest/v1/cached/persisted"].int == 2)
    }
}
