/// Where a page sits in a paginated list: what the server says in a Relay `pageInfo` (or what an
/// offset list implies), read from a page's typed data by the closure given to the pager.
public struct PageInfo: Sendable, Hashable {
    /// Whether more items follow the loaded ones.
    public var hasNextPage: Bool
    /// Whether items precede the loaded ones.
    public var hasPreviousPage: Bool
    /// The cursor of the first loaded item (`before` of the previous page).
    public var startCursor: String?
    /// The cursor of the last loaded item (`after` of the next page).
    public var endCursor: String?

    /// Creates page info.
    public init(hasNextPage: Bool, hasPreviousPage: Bool = false, startCursor: String? = nil, endCursor: String? = nil) {
        self.hasNextPage = hasNextPage
        self.hasPreviousPage = hasPreviousPage
        self.startCursor = startCursor
        self.endCursor = endCursor
    }
}

/// Pages through a paginated field of any generated query: `loadNext`, `loadPrevious`, `refetch`,
/// and a stream of the merged value (the first page's query watched in the normalized cache, where
/// every page is merged into one list by the field's `FieldPolicy`).
///
/// ```swift
/// let pager = client.pager(CourseCatalogQuery(first: 20),
///                          pageInfo: { data in PageInfo(hasNextPage: data.courses.pageInfo.hasNextPage,
///                                                       endCursor: data.courses.pageInfo.endCursor) },
///                          next: { query, page in
///                              guard let cursor = page.endCursor else { return nil }
///                              var next = query; next.after = .some(cursor); return next
///                          })
/// for try await data in pager.values { show(data.courses.edges) }   // all pages so far
/// try await pager.loadNext()
/// ```
///
/// Concurrent loads in the same direction share one request. The store must know the field's
/// policy (`CacheConfiguration(fieldPolicies: ["Query.courses": .relay])`, or the generated
/// metadata).
public actor Pager<Query: GraphQLQuery> {
    /// Builds the query of an adjacent page from the first page's query and the current page info;
    /// nil when there is none.
    public typealias Adjacent = @Sendable (Query, PageInfo) -> Query?

    private let client: GraphQLClient
    private let firstPage: Query
    private let readPageInfo: @Sendable (Query.Data) -> PageInfo
    private let next: Adjacent?
    private let previous: Adjacent?
    private let options: RequestOptions
    /// The kinds of load, each coalesced on its own.
    private enum LoadKind: Hashable { case next, previous, refetch }
    private var loads: [LoadKind: Task<Void, any Error>] = [:]
    /// The loaded pages' combined page info: the start of the first page, the end of the last.
    public private(set) var pageInfo: PageInfo?

    /// Creates a pager for `firstPage`; see ``GraphQLClient/pager(_:pageInfo:next:previous:options:)``.
    init(client: GraphQLClient, firstPage: Query, pageInfo: @escaping @Sendable (Query.Data) -> PageInfo,
         next: Adjacent?, previous: Adjacent?, options: RequestOptions) {
        self.client = client
        self.firstPage = firstPage
        self.readPageInfo = pageInfo
        self.next = next
        self.previous = previous
        self.options = options
    }

    /// Whether a load or refetch is under way.
    public var isLoading: Bool { !loads.isEmpty }
    /// Whether `loadNext` can load more (true before the first page is loaded).
    public var hasNext: Bool { pageInfo?.hasNextPage ?? true }
    /// Whether `loadPrevious` can load more.
    public var hasPrevious: Bool { pageInfo?.hasPreviousPage ?? false }

    /// The merged value of every loaded page, again after each load and after any change to the
    /// records it reads (a mutation of an item on any page included). Starts from the cache when
    /// it has the first page, else loads it.
    public nonisolated var values: AsyncThrowingStream<Query.Data, any Error> {
        let responses = client.watch(firstPage, cachePolicy: .cacheFirst, options: options)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await response in responses {
                        if let data = response.data {
                            await self.noteFirstPageRead(data)
                            continuation.yield(data)
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Loads the page after the loaded ones (the first page when none is loaded). Calls made while
    /// one is under way wait for it instead of sending another request.
    public func loadNext() async throws {
        try await coalesced(.next) { try await self.load(forward: true) }
    }

    /// Loads the page before the loaded ones.
    public func loadPrevious() async throws {
        try await coalesced(.previous) { try await self.load(forward: false) }
    }

    /// Loads the first page again from the server; the merged list starts over from it.
    public func refetch() async throws {
        try await coalesced(.refetch) { try await self.fetch(self.firstPage, replacing: true, forward: true) }
    }

    /// Runs `body` as the one `kind` of load under way, or waits for the one already running.
    private func coalesced(_ kind: LoadKind, _ body: @escaping @Sendable () async throws -> Void) async throws {
        if let running = loads[kind] { return try await running.value }
        let task = Task { try await body() }
        loads[kind] = task
        defer { loads[kind] = nil }
        try await task.value
    }

    private func load(forward: Bool) async throws {
        guard let pageInfo else { return try await fetch(firstPage, replacing: true, forward: true) }
        guard forward ? pageInfo.hasNextPage : pageInfo.hasPreviousPage,
              let query = (forward ? next : previous)?(firstPage, pageInfo) else { return }
        try await fetch(query, replacing: false, forward: forward)
    }

    private func fetch(_ query: Query, replacing: Bool, forward: Bool) async throws {
        let response = try await client.fetch(query, cachePolicy: .networkOnly, options: options)
        guard let data = response.data else {
            if let error = response.errors.first {
                throw GraftError(.graphQLErrors, message: error.description, operation: Query.operationName,
                                 underlying: GraphQLErrors(response.errors))
            }
            return
        }
        let page = readPageInfo(data)
        guard !replacing, var combined = pageInfo else {
            pageInfo = page
            return
        }
        if forward {
            combined.hasNextPage = page.hasNextPage
            combined.endCursor = page.endCursor ?? combined.endCursor
        } else {
            combined.hasPreviousPage = page.hasPreviousPage
            combined.startCursor = page.startCursor ?? combined.startCursor
        }
        pageInfo = combined
    }

    /// The first page read from the cache holds the merged page info: adopt it when none is known.
    private func noteFirstPageRead(_ data: Query.Data) {
        if pageInfo == nil { pageInfo = readPageInfo(data) }
    }
}

extension GraphQLClient {
    /// A pager over a paginated field of `firstPage`'s query: `pageInfo` reads a page's position
    /// from its data, `next` and `previous` build the query of the adjacent page (Relay: set
    /// `after` to `endCursor`, or `before` to `startCursor`; offset lists: advance the offset).
    public func pager<Query: GraphQLQuery>(_ firstPage: Query, pageInfo: @escaping @Sendable (Query.Data) -> PageInfo,
                                           next: Pager<Query>.Adjacent? = nil, previous: Pager<Query>.Adjacent? = nil,
                                           options: RequestOptions = RequestOptions()) -> Pager<Query> {
        Pager(client: self, firstPage: firstPage, pageInfo: pageInfo, next: next, previous: previous, options: options)
    }
}
