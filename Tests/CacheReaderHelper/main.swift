// graft-cache-reader DATABASE
// graft-cache-reader rest DATABASE URL SESSION
//
// Used by IntegrationTests (not a product): a second process reading a cache another process wrote.
//
// With DATABASE alone (the pagination test): opens the SQLite record cache at DATABASE and reads
// the generated CourseCatalogQuery (courses by title, first page of one) from the cache alone,
// printing each course's slug on a line of its own and then `hasNextPage=<Bool>`; the merged pages
// written by another process must all be there.
//
// With `rest` (the REST cache test): GETs URL through an HTTPCacheInterceptor whose entries are in
// the SQLite HTTP cache at DATABASE, with `X-Test-Session: SESSION`, and prints `source=<source>`
// and the body on the next line.
import CourseCatalogAPI
import Foundation
import Graft
import GraftSQLite

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

let arguments = CommandLine.arguments
if arguments.count == 5, arguments[1] == "rest" {
    guard let url = URL(string: arguments[3]) else { fail("not a URL: \(arguments[3])", status: 2) }
    do {
        let cache = HTTPResponseCache(storage: try SQLiteHTTPCacheStorage(path: arguments[2]))
        let client = InterceptingHTTPClient(base: URLSessionHTTPClient(), interceptors: [
            HeaderInjectionInterceptor(["X-Test-Session": arguments[4]]), HTTPCacheInterceptor(cache: cache),
        ])
        let response = try await client.send(HTTPRequest(url: url))
        print("source=\(response.source)")
        print(String(decoding: response.body, as: UTF8.self))
    } catch {
        fail("error: \(error)", status: 1)
    }
    exit(0)
}
guard arguments.count == 2 else { fail("usage: graft-cache-reader DATABASE | rest DATABASE URL SESSION", status: 2) }
let query = CourseCatalogQuery(sort: [CourseSort(field: .value(.title), direction: .asc)], first: 1)
do {
    let store = CacheStore(storage: try SQLiteRecordStorage(path: arguments[1]))
    let data = try await store.read(query).data
    for edge in data.courses.edges { print(edge.node.fragments.courseCard.slug) }
    print("hasNextPage=\(data.courses.pageInfo.hasNextPage)")
} catch {
    fail("error: \(error)", status: 1)
}
