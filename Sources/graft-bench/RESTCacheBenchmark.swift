#if canImport(Glibc)
import Foundation
import Glibc
import Graft
import GraftSQLite

/// `graft-bench rest-cache [N]`: what a REST GET costs answered by the HTTP response cache
/// against a round trip to a local server. N (1,000) GETs of one 2 KB JSON resource, one at a time,
/// through `URLSessionHTTPClient`:
/// - `network`: no cache, every GET a keep-alive round trip to a server on 127.0.0.1 that answers at once;
/// - `memory-hit`: `HTTPCacheInterceptor(policy: .cacheFirst)` over an in-memory storage holding a fresh entry;
/// - `sqlite-hit`: the same over `SQLiteHTTPCacheStorage` (each hit also marks the row used: an `UPDATE`);
/// - `sqlite-revalidate`: a stale entry with an `ETag` the server confirms with 304 (a round trip
///   plus the merge and the write).
/// Each is the median of 7 runs of N requests; the figure per request is the run's time over N.
enum RESTCacheBenchmark {
    static func run(_ arguments: [String]) throws {
        let count = arguments.first.flatMap(Int.init) ?? 1_000
        guard arguments.count <= 1, count > 0 else { throw BenchmarkError("usage: graft-bench rest-cache [N]") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("graft-bench-rest-cache-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let courses = (0..<12).map { #"{"id":"course-\#($0)","title":"Course \#($0)","summary":"A course about the things course \#($0) covers, at length.","level":"BEGINNER","tags":["swift","graphql"]}"# }
        let body = Array(("{\"courses\":[" + courses.joined(separator: ",") + "]}").utf8)
        let fresh = try AnsweringServer(body: body, headers: ["Cache-Control: max-age=3600", "ETag: \"v1\""])
        let stale = try AnsweringServer(body: body, headers: ["Cache-Control: max-age=0", "ETag: \"v1\""], notModifiedTag: "\"v1\"")
        fresh.start()
        stale.start()
        let freshURL = URL(string: "http://127.0.0.1:\(fresh.port)/rest/v1/courses")!
        let staleURL = URL(string: "http://127.0.0.1:\(stale.port)/rest/v1/courses")!
        let sqlitePath = directory.appendingPathComponent("http-cache.sqlite").path
        let revalidatePath = directory.appendingPathComponent("http-cache-revalidate.sqlite").path
        try CacheBenchmarks.blocking {
            let base = URLSessionHTTPClient()
            var results: [(String, Double)] = []
            results.append(("network", try await time(count, base, freshURL, expecting: .server)))
            let memory = InterceptingHTTPClient(base: base, interceptors: [HTTPCacheInterceptor(cache: HTTPResponseCache())])
            results.append(("memory-hit", try await time(count, memory, freshURL, expecting: .cache)))
            let sqlite = InterceptingHTTPClient(base: base, interceptors: [
                HTTPCacheInterceptor(cache: HTTPResponseCache(storage: try SQLiteHTTPCacheStorage(path: sqlitePath))),
            ])
            results.append(("sqlite-hit", try await time(count, sqlite, freshURL, expecting: .cache)))
            let revalidating = InterceptingHTTPClient(base: base, interceptors: [
                HTTPCacheInterceptor(cache: HTTPResponseCache(storage: try SQLiteHTTPCacheStorage(path: revalidatePath))),
            ])
            results.append(("sqlite-revalidate", try await time(count, revalidating, staleURL, expecting: .revalidated)))
            let network = results[0].1
            let memoryHit = results[1].1
            for (name, milliseconds) in results {
                let perRequest = milliseconds * 1000 / Double(count)
                print("rest-cache \(name): \(count) GETs of \(body.count) bytes, median \(Measurement.format(milliseconds)) ms, "
                      + "\(Measurement.format(perRequest, digits: 1)) µs per GET, "
                      + "\(Measurement.format(network / milliseconds, digits: 1))x the network's speed, "
                      + "\(Measurement.format(milliseconds / memoryHit, digits: 1))x a memory hit's time")
            }
        }
    }

    /// The median of 7 runs (after one warm-up that also stores the entry) of `count` GETs of
    /// `url`, in milliseconds; every response must come from `expecting`.
    static func time(_ count: Int, _ client: any HTTPClient, _ url: URL, expecting source: HTTPResponse.Source) async throws -> Double {
        let request = HTTPRequest(url: url, headers: ["Accept": "application/json"])
        _ = try await client.send(request)
        var samples: [Double] = []
        for _ in 0..<8 {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<count {
                let response = try await client.send(request)
                guard response.source == source, response.statusCode == 200 else {
                    throw BenchmarkError("expected a 200 from \(source), got \(response.statusCode) from \(response.source)")
                }
            }
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return samples.dropFirst().sorted()[3]
    }
}
#endif
