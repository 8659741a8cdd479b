import CourseCatalogAPI
import Foundation
import Graft
import GraftSQLite
import GraftTestSupport
import Testing

/// Pages of `Query.courses` (a Relay connection) merged into one list in the normalized cache,
/// through a `Pager` over the generated `CourseCatalogQuery`, against the server.
@Suite("Pagination against the server", .timingSensitive)
struct PaginationIntegrationTests {
    typealias Courses = CourseCatalogQuery.Data

    /// A client with a plain store: it adopts the generated metadata, where graft.json's
    /// `"pagination": {"Query.courses": "relay"}` put the field's policy.
    static func client(_ stack: GraftStack) -> (GraphQLClient, CacheStore) {
        let store = CacheStore()
        return (GraphQLClient(transport: HTTPTransport(url: stack.url("/graphql"), client: stack.client()), store: store), store)
    }

    /// The catalog ordered by title, which other tests' reviews do not change (they move ratings).
    static let byTitle: GraphQLNullable<[CourseSort]> = [CourseSort(field: .value(.title), direction: .asc)]

    /// A forward pager over the catalog, `size` courses a page.
    static func pager(_ client: GraphQLClient, size: Int) -> Pager<CourseCatalogQuery> {
        client.pager(CourseCatalogQuery(sort: byTitle, first: .some(size)),
                     pageInfo: { PageInfo(hasNextPage: $0.courses.pageInfo.hasNextPage, endCursor: $0.courses.pageInfo.endCursor) },
                     next: { query, page in
                         guard let cursor = page.endCursor else { return nil }
                         var next = query
                         next.after = .some(cursor)
                         return next
                     })
    }

    static func slugs(_ data: Courses?) -> [String] {
        data?.courses.edges.map(\.node.fragments.courseCard.slug) ?? []
    }

    /// Waits (``Polling/bound`` stops a hang) until the collector's latest value satisfies `condition`.
    static func latest(_ values: StreamCollector<Courses>, where condition: (Courses) -> Bool) async -> Courses? {
        var satisfying: Courses?
        await Polling.until {
            if let last = values.items.last, condition(last) { satisfying = last }
            return satisfying != nil
        }
        return satisfying ?? values.items.last
    }

    /// Every course in the catalog's order, in one page, without a store.
    static func allSlugs(_ stack: GraftStack) async throws -> [String] {
        let client = GraphQLClient(transport: HTTPTransport(url: stack.url("/graphql"), client: stack.client()))
        return slugs(try await client.fetch(CourseCatalogQuery(sort: byTitle, first: 100)).data)
    }

    @Test("pages of Query.instructors by offset land at their offsets: the cached list is the server's whole list")
    func offsetPages() async throws {
        let stack = try await GraftStack.make()
        let plain = GraphQLClient(transport: HTTPTransport(url: stack.url("/graphql"), client: stack.client()))
        let everyone = try #require(try await plain.fetch(InstructorsQuery(offset: 0, limit: 100)).data).instructors.map(\.id)
        #expect(everyone.count >= 2)
        let (client, _) = Self.client(stack)
        for offset in 0..<everyone.count {
            _ = try await client.fetch(InstructorsQuery(offset: .some(offset), limit: 1), cachePolicy: .networkOnly)
        }
        let cached = try await client.fetch(InstructorsQuery(offset: 0, limit: 1), cachePolicy: .cacheOnly)
        #expect(cached.data?.instructors.map(\.id) == everyone)
    }

    @Test("paging forward to the end merges every page into the first page's watch; refetch starts over")
    func forwardToTheEnd() async throws {
        let stack = try await GraftStack.make()
        let all = try await Self.allSlugs(stack)
        #expect(all.count >= 3)
        let (client, store) = Self.client(stack)
        let pager = Self.pager(client, size: 1)
        let values = StreamCollector(pager.values)
        let first = await Self.latest(values) { !$0.courses.edges.isEmpty }
        #expect(Self.slugs(first) == Array(all.prefix(1)))
        let before = try await stack.stats()["paths"]["/graphql"].int ?? 0

        var loads = 0
        while await pager.hasNext && loads < 10 {
            try await pager.loadNext()
            loads += 1
        }
        #expect(loads == all.count - 1)
        let merged = await Self.latest(values) { Self.slugs($0) == all }
        #expect(Self.slugs(merged) == all)
        #expect(merged?.courses.pageInfo.hasNextPage == false)
        #expect(try await stack.stats()["paths"]["/graphql"].int == before + loads)
        // A read of the first page's query from the cache alone gives the merged list too.
        let cached = try await client.fetch(CourseCatalogQuery(sort: Self.byTitle, first: .some(1)), cachePolicy: .cacheOnly)
        #expect(Self.slugs(cached.data) == all)
        // One merged record for the field, whatever the page arguments.
        #expect(try await store.record(for: CacheKey("ROOT_QUERY"))?.fields.keys.filter { $0.hasPrefix("courses") }.count == 1)

        try await pager.refetch()
        let reset = await Self.latest(values) { Self.slugs($0).count == 1 }
        #expect(Self.slugs(reset) == Array(all.prefix(1)))
        #expect(await pager.hasNext)
        values.cancel()
    }

    @Test("paging backward from the end to the start prepends each page")
    func backwardToTheStart() async throws {
        let stack = try await GraftStack.make()
        let all = try await Self.allSlugs(stack)
        let (client, _) = Self.client(stack)
        let pager = client.pager(CourseCatalogQuery(sort: Self.byTitle, last: 1),
                                 pageInfo: { data in
                                     let info = data.courses.pageInfo
                                     return PageInfo(hasNextPage: info.hasNextPage, hasPreviousPage: info.hasPreviousPage,
                                                     startCursor: info.startCursor, endCursor: info.endCursor)
                                 },
                                 previous: { query, page in
                                     guard let cursor = page.startCursor else { return nil }
                                     var previous = query
                                     previous.before = .some(cursor)
                                     return previous
                                 })
        let values = StreamCollector(pager.values)
        let last = await Self.latest(values) { !$0.courses.edges.isEmpty }
        #expect(Self.slugs(last) == [all[all.count - 1]])
        #expect(await pager.hasPrevious)
        var loads = 0
        while await pager.hasPrevious && loads < 10 {
            try await pager.loadPrevious()
            loads += 1
        }
        #expect(loads == all.count - 1)
        let merged = await Self.latest(values) { Self.slugs($0) == all }
        #expect(Self.slugs(merged) == all)
        #expect(merged?.courses.pageInfo.hasPreviousPage == false)
        #expect(merged?.courses.pageInfo.hasNextPage == false)
        values.cancel()
    }

    @Test("the merged list survives a relaunch: a second process reads it from the SQLite store")
    func mergedListInSQLite() async throws {
        let stack = try await GraftStack.make()
        let all = try await Self.allSlugs(stack)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graft-pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cache.sqlite").path
        do {
            let store = CacheStore(storage: try SQLiteRecordStorage(path: path))
            let client = GraphQLClient(transport: HTTPTransport(url: stack.url("/graphql"), client: stack.client()), store: store)
            let pager = Self.pager(client, size: 1)
            try await pager.loadNext()
            while await pager.hasNext { try await pager.loadNext() }
        }
        let reader = try await GraftExecutable.run([path], executable: "graft-cache-reader")
        #expect(reader.status == 0, "\(reader.standardError)")
        #expect(reader.standardOutput == (all + ["hasNextPage=false"]).joined(separator: "\n") + "\n")
    }

    @Test("concurrent loadNext calls send one request")
    func concurrentLoadsCoalesce() async throws {
        let stack = try await GraftStack.make()
        let (client, _) = Self.client(stack)
        let pager = Self.pager(client, size: 1)
        try await pager.loadNext()
        let before = try await stack.stats()["paths"]["/graphql"].int ?? 0
        async let a: Void = pager.loadNext()
        async let b: Void = pager.loadNext()
        async let c: Void = pager.loadNext()
        _ = try await (a, b, c)
        #expect(try await stack.stats()["paths"]["/graphql"].int == before + 1)
        #expect(await pager.isLoading == false)
    }

    @Test("a mutation of an item on a later page updates the merged watch")
    func mutationInAMiddlePage() async throws {
        let stack = try await GraftStack.make()
        let all = try await Self.allSlugs(stack)
        let (client, _) = Self.client(stack)
        let pager = Self.pager(client, size: 1)
        let values = StreamCollector(pager.values)
        _ = await Self.latest(values) { !$0.courses.edges.isEmpty }
        try await pager.loadNext()
        try await pager.loadNext()
        _ = await Self.latest(values) { Self.slugs($0).count == 3 }
        let target = all[1]   // on the second page
        let reviewed = try await client.perform(AddReviewMutation(course: .slug(target), review: ReviewInput(rating: 1)),
                                                options: RequestOptions(throwsOnGraphQLErrors: true))
        let rating = reviewed.data?.addReview.course?.rating
        let updated = await Self.latest(values) { data in
            data.courses.edges.first { $0.node.fragments.courseCard.slug == target }?.node.fragments.courseCard.rating == rating
        }
        #expect(Self.slugs(updated).count == 3)
        #expect(Self.slugs(updated) == Array(all.prefix(3)))
        #expect(updated?.courses.edges.first { $0.node.fragments.courseCard.slug == target }?.node.fragments.courseCard.rating == rating)
        values.cancel()
    }
}
