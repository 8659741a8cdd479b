import CourseCatalogAPI
import Foundation
import Graft

/// `graft-bench pagination`: appending a page of 20 courses to the merged list of `Query.courses`
/// in the in-memory normalized cache, as page 1 of 50 (an empty store) and as page 50 of 50 (49
/// pages already merged). The merge copies the list once per page, so page 50 should cost about
/// the same as page 1, not 50 times as much.
enum PaginationBenchmark {
    static let pageSize = 20
    static let pages = 50

    static func run(_ arguments: [String]) throws {
        guard arguments.isEmpty else { throw BenchmarkError("usage: graft-bench pagination") }
        try CacheBenchmarks.blocking {
            let store = CacheStore(configuration: CacheConfiguration(fieldPolicies: ["Query.courses": .relay]))
            let responses = (0..<pages).map(page)
            // Interleaved, so that the ratio of the two holds when the machine slows down for a while.
            let medians = try await CacheBenchmarks.medians([
                (setup: { try await store.clear() }, body: { try await write(responses[0], page: 0, to: store) }),
                (setup: {
                    try await store.clear()
                    for index in 0..<(pages - 1) { try await write(responses[index], page: index, to: store) }
                }, body: { try await write(responses[pages - 1], page: pages - 1, to: store) }),
            ])
            let first = medians[0], last = medians[1]
            let merged = try await store.read(query(page: 0)).data.courses.edges.count
            guard merged == pages * pageSize else { throw BenchmarkError("merged \(merged) courses, expected \(pages * pageSize)") }
            print("pagination page 1 of \(pages) (\(pageSize) items): median \(Measurement.format(first)) ms")
            print("pagination page \(pages) of \(pages) (\(pageSize) items, \((pages - 1) * pageSize) merged before): "
                  + "median \(Measurement.format(last)) ms, \(Measurement.format(last / first, digits: 2))x page 1")
        }
    }

    /// The query of page `index` (0-based): the first page has no cursor.
    static func query(page index: Int) -> CourseCatalogQuery {
        CourseCatalogQuery(first: .some(pageSize), after: index == 0 ? nil : .some(cursor(index * pageSize - 1)))
    }

    static func cursor(_ offset: Int) -> String { "cursor-\(offset)" }

    /// The `data` of page `index`, as the server would send it.
    static func page(_ index: Int) -> [String: JSONValue] {
        let edges: [JSONValue] = (0..<pageSize).map { item in
            let offset = index * pageSize + item
            let node: [String: JSONValue] = [
                "__typename": "Course", "id": .string("course-\(offset)"), "slug": .string("course-\(offset)"),
                "title": .string("Course \(offset)"), "summary": "A course.", "level": "BEGINNER", "rating": 4.5,
                "coverImage": .null, "price": .null,
                "instructor": ["__typename": "User", "id": .string("user-\(offset % 7)"), "name": "Ada", "handle": "ada", "avatarURL": .null],
            ]
            return .object(["__typename": "CourseEdge", "cursor": .string(cursor(offset)), "node": .object(node)])
        }
        let last = (index + 1) * pageSize - 1
        return ["courses": [
            "__typename": "CourseConnection", "totalCount": .int(pages * pageSize),
            "pageInfo": ["__typename": "PageInfo", "hasNextPage": .bool(index < pages - 1), "endCursor": .string(cursor(last)),
                         "hasPreviousPage": .bool(index > 0), "startCursor": .string(cursor(index * pageSize))],
            "edges": .array(edges),
        ]]
    }

    static func write(_ data: [String: JSONValue], page index: Int, to store: CacheStore) async throws {
        try await store.write(responseData: data, for: query(page: index))
    }
}
