import Observation

/// A query's state for a view: `@Observable`, so SwiftUI (or `withObservationTracking`) follows
/// exactly the properties a view reads — a view showing `data` is not redrawn when `isLoading`
/// changes. Main-actor isolated, as views are.
///
/// Created with the cache's data when the store holds it, read synchronously (``CacheStore/readNow(_:maxAge:acceptsStale:)``),
/// so the first frame shows it; then loads from the server as ``cachePolicy`` says, and stays
/// current with the cache (any query, mutation, optimistic layer or manual write that changes a
/// field it read). Each property changes only when its value does. Releasing the model cancels its
/// requests and stops its watcher.
///
/// ```swift
/// let model = QueryModel(CourseDetailQuery(lookup: .slug("swift-concurrency")), client: client)
/// model.data?.course?.title   // from the cache at once, when it was there
/// ```
@MainActor @Observable
public final class QueryModel<Query: GraphQLQuery> {
    /// The latest data: the cache's, then the server's, then the cache's after each change.
    public private(set) var data: Query.Data?
    /// The server's `errors` of the last response (beside partial `data`).
    public private(set) var errors: [GraphQLResponseError] = []
    /// The failure of the last load (a network failure, a cache miss with ``CachePolicy/cacheOnly``),
    /// or nil; cleared by the next load that succeeds.
    public private(set) var error: GraftError?
    /// Whether a request is in flight (the first load, ``refetch()`` or ``loadNext()``).
    public private(set) var isLoading = false
    /// Where `data` came from: the cache or the server; nil before any data.
    public private(set) var source: ResultSource?
    /// Whether some of `data` read from the cache had expired.
    public private(set) var isStale = false
    /// Whether ``loadNext()`` may find more (for a paginated model; false otherwise).
    public private(set) var hasNextPage = false
    /// The query.
    public let query: Query
    /// Where the first load looks: the cache, the server, or both (``CachePolicy``).
    public let cachePolicy: CachePolicy

    @ObservationIgnored private let client: GraphQLClient
    @ObservationIgnored private let options: RequestOptions
    @ObservationIgnored private let pager: Pager<Query>?
    @ObservationIgnored private let readPageInfo: (@Sendable (Query.Data) -> PageInfo)?
    @ObservationIgnored private let tasks = ModelTasks()
    @ObservationIgnored private var loads = 0
    @ObservationIgnored private var isWatching = false

    /// A model of `query`: filled now from the cache when the policy allows and the cache holds
    /// the data, then loaded from the server when the policy asks (``CachePolicy/cacheFirst``:
    /// only when the cache lacks the data or it expired). `cachePolicy` nil is the client's default.
    public init(_ query: Query, client: GraphQLClient, cachePolicy: CachePolicy? = nil,
                options: RequestOptions = RequestOptions()) {
        self.query = query
        self.client = client
        self.cachePolicy = cachePolicy ?? client.defaultCachePolicy
        self.options = options
        self.pager = nil
        self.readPageInfo = nil
        start()
    }

    /// A paginated model: `pageInfo` reads a page's position from the data, `next` builds the
    /// query of the page after it (see ``GraphQLClient/pager(_:pageInfo:next:previous:options:)``);
    /// ``loadNext()`` loads it and `data` holds every page loaded (the store merges them by the
    /// field's `FieldPolicy`).
    public init(_ query: Query, client: GraphQLClient, cachePolicy: CachePolicy? = nil,
                options: RequestOptions = RequestOptions(),
                pageInfo: @escaping @Sendable (Query.Data) -> PageInfo, next: @escaping Pager<Query>.Adjacent) {
        self.query = query
        self.client = client
        self.cachePolicy = cachePolicy ?? client.defaultCachePolicy
        self.options = options
        self.pager = client.pager(query, pageInfo: pageInfo, next: next, options: options)
        self.readPageInfo = pageInfo
        start()
    }

    /// Loads the query from the server again (the cache is updated, and with it every model that
    /// reads the same records). Failures land in ``error``.
    public func refetch() async {
        await startLoad(nil).value
    }

    /// Loads the next page of a paginated model (nothing when there is none, or for a model
    /// created without `next`). Failures land in ``error``.
    public func loadNext() async {
        guard let pager, hasNextPage else { return }
        await startLoad(pager).value
    }

    // MARK: Loading

    private func start() {
        var cached: CacheReadResult<Query.Data>?
        if cachePolicy != .networkOnly && cachePolicy != .networkFirst, let store = client.store {
            do {
                cached = try store.readNow(query, maxAge: options.cacheMaxAge)
            } catch {
                if cachePolicy == .cacheOnly { self.error = GraphQLClient.miss(error, Query.operationName) }
            }
        } else if cachePolicy == .cacheOnly {
            error = GraphQLClient.noStore(Query.operationName)
        }
        if let cached { show(cached.data, from: .cache, isStale: cached.isStale) }
        switch cachePolicy {
        case .cacheOnly:
            watch()
        case .cacheFirst where cached.map({ !$0.isStale && !$0.hasPendingDeferred }) ?? false:
            watch()
        case .cacheFirst, .cacheAndNetwork:
            watch()
            startLoad(nil)
        case .networkOnly, .networkFirst:
            startLoad(nil)
        }
    }

    /// Starts one request (the query again, or the pager's next page), which the model's release
    /// cancels; the task holds the model weakly.
    @discardableResult
    private func startLoad(_ pager: Pager<Query>?) -> Task<Void, Never> {
        loads += 1
        setLoading()
        let (client, query, options, data) = (self.client, self.query, self.options, self.data)
        return tasks.run { [weak self] in
            let outcome: Result<GraphQLResponse<Query.Data>?, any Error>
            do {
                if let pager {
                    if let data { await pager.adoptFirstPage(data) }
                    try await pager.loadNext()
                    outcome = .success(nil)
                } else {
                    outcome = .success(try await client.fetch(query, cachePolicy: .networkOnly, options: options))
                }
            } catch {
                outcome = .failure(error)
            }
            await self?.finish(outcome)
        }
    }

    private func finish(_ outcome: Result<GraphQLResponse<Query.Data>?, any Error>) {
        loads -= 1
        switch outcome {
        case .success(let response):
            if error != nil { error = nil }
            if let response {
                if errors != response.errors { errors = response.errors }
                if let data = response.data { show(data, from: .server, isStale: false) }
            }
        case .failure(let failure):
            let failure = GraftError.wrapping(failure, request: nil, context: nil)
            if cachePolicy == .networkFirst, data == nil, GraphQLClient.fallsBackToCache(failure),
               let cached = try? client.store?.readNow(query, maxAge: options.cacheMaxAge) {
                show(cached.data, from: .cache, isStale: cached.isStale)
            } else {
                error = failure
            }
            // With `networkOnly`, the cache's data is shown only once the server has answered.
            if cachePolicy == .networkOnly && data == nil {
                setLoading()
                return
            }
        }
        watch()
        setLoading()
    }

    /// Follows the cache from now on (once).
    private func watch() {
        guard !isWatching, let store = client.store else { return }
        isWatching = true
        tasks.watch(store, Query.Data.self, at: .rootQuery, variables: query.variables, maxAge: options.cacheMaxAge,
                    adopting: Query.self) { [weak self] result in
            self?.cacheChanged(result)
        }
    }

    private func cacheChanged(_ result: Result<CacheReadResult<Query.Data>, CacheMiss>) {
        switch result {
        case .success(let read):
            show(read.data, from: .cache, isStale: read.isStale)
        case .failure:
            // Records it read were evicted or collected: load them again (as `watch` does).
            if data != nil, cachePolicy != .cacheOnly, loads == 0 { startLoad(nil) }
        }
    }

    /// Sets the data-related properties, each only when its value changes.
    private func show(_ newData: Query.Data, from newSource: ResultSource, isStale newIsStale: Bool) {
        guard newData != data || newIsStale != isStale else { return }
        data = newData
        if source != newSource { source = newSource }
        if isStale != newIsStale { isStale = newIsStale }
        if let readPageInfo {
            let more = readPageInfo(newData).hasNextPage
            if hasNextPage != more { hasNextPage = more }
        }
    }

    private func setLoading() {
        if isLoading != (loads > 0) { isLoading = loads > 0 }
    }
}
