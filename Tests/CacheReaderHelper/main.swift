// graft-cache-reader DATABASE
//
// Used by IntegrationTests' pagination test (not a product): a second process that opens the
// SQLite cache at DATABASE and reads the generated CourseCatalogQuery (courses by title, first
// page of one) from the cache alone, printing each course's slug on a line of its own and then
// `hasNextPage=<Bool>`; the merged pages written by another process must all be there.
import CourseCatalogAPI
import Foundation
import Graft
import GraftSQLite

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: graft-cache-reader DATABASE\n".utf8))
    exit(2)
}
let query = CourseCatalogQuery(sort: [CourseSort(field: .value(.title), direction: .asc)], first: 1)
do {
    let store = CacheStore(storage: try SQLiteRecordStorage(path: arguments[1]))
    let data = try await store.read(query).data
    for edge in data.courses.edges { print(edge.node.fragments.courseCard.slug) }
    print("hasNextPage=\(data.courses.pageInfo.hasNextPage)")
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
