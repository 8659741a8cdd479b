import Observation

/// One object's fragment for a view (a list row, a detail pane): `@Observable` and main-actor
/// isolated like ``QueryModel``. Read from the cache at once (synchronously), then kept current:
/// it changes when — and only when — a field it read changes, whatever operation wrote it; a write
/// to another object, or of equal values, leaves it (and the views reading it) alone. It never
/// fetches: the object comes from some query. Releasing the model stops its watcher.
///
/// ```swift
/// let row = FragmentModel(CourseCard.self, at: "Course:swift-concurrency", client: client)
/// row.data?.title
/// ```
@MainActor @Observable
public final class FragmentModel<Fragment: SelectionSet> {
    /// The object's data, or nil while the cache lacks some of it.
    public private(set) var data: Fragment?
    /// Whether some of `data` had expired.
    public private(set) var isStale = false
    /// The record watched, or nil for a model made from a value without a key (which then shows
    /// that value and never changes).
    public let key: CacheKey?

    @ObservationIgnored private let tasks = ModelTasks()

    /// Watches `type` on the record `key` in `client`'s store (`variables` for fields with arguments).
    public init(_ type: Fragment.Type, at key: CacheKey, client: GraphQLClient, variables: [String: JSONValue] = [:]) {
        self.key = key
        start(client.store, at: key, variables: variables)
    }

    /// Watches the object `data` was read from (a row of a list a ``QueryModel`` holds), by its
    /// key (``CacheStore/cacheKey(of:)``); shows `data` until the cache says otherwise.
    public init(_ data: Fragment, client: GraphQLClient, variables: [String: JSONValue] = [:]) {
        self.key = client.store?.cacheKey(of: data)
        self.data = data
        if let key { start(client.store, at: key, variables: variables) }
    }

    private func start(_ store: CacheStore?, at key: CacheKey, variables: [String: JSONValue]) {
        guard let store else { return }
        show(try? store.readNow(Fragment.self, at: key, variables: variables))
        tasks.watch(store, Fragment.self, at: key, variables: variables, maxAge: nil) { [weak self] result in
            self?.show(try? result.get())
        }
    }

    /// Sets `data` and `isStale`, each only when its value changes.
    private func show(_ read: CacheReadResult<Fragment>?) {
        if data != read?.data { data = read?.data }
        let stale = read?.isStale ?? false
        if isStale != stale { isStale = stale }
    }
}
