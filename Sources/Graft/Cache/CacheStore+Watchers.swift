/// Watchers: a query read from the cache again whenever a field it read changes.
extension CacheStore {
    /// A registered watcher.
    struct Watcher {
        var dependencies: Set<CacheFieldRef>
        /// Reads again; delivers the result when `deliver` is true; returns the new dependencies.
        let refresh: (isolated CacheStore, _ deliver: Bool) -> Set<CacheFieldRef>
    }

    /// Watches `query`: reads it now (the result is returned, not delivered) and again after every
    /// change to a field it read, delivering each result to `onChange` (a miss when the data is no
    /// longer complete). Identical consecutive results are delivered once.
    public func addWatcher<Query: GraphQLQuery>(
        _ query: Query, maxAge: Duration? = nil,
        onChange: @escaping @Sendable (Result<CacheReadResult<Query.Data>, CacheMiss>) -> Void
    ) -> (id: Int, initial: Result<CacheReadResult<Query.Data>, CacheMiss>) {
        adoptSchema(of: Query.self)
        nextIdentifier += 1
        let id = nextIdentifier
        let variables = query.variables
        let first = trackedRead(Query.Data.self, variables: variables, maxAge: maxAge)
        var last: (data: Query.Data, isStale: Bool)?
        if case .success(let result) = first.result { last = (result.data, result.isStale) }
        let refresh: (isolated CacheStore, Bool) -> Set<CacheFieldRef> = { store, deliver in
            let next = store.trackedRead(Query.Data.self, variables: variables, maxAge: maxAge)
            if case .success(let result) = next.result {
                let repeated = last.map { $0.data == result.data && $0.isStale == result.isStale } ?? false
                last = (result.data, result.isStale)
                if deliver && !repeated { onChange(next.result) }
            } else {
                last = nil
                if deliver { onChange(next.result) }
            }
            return next.dependencies
        }
        watchers[id] = Watcher(dependencies: first.dependencies, refresh: refresh)
        return (id, first.result)
    }

    /// Stops a watcher.
    public func removeWatcher(_ id: Int) {
        watchers[id] = nil
    }

    /// The number of active watchers.
    public var watcherCount: Int { watchers.count }

    func trackedRead<Data: SelectionSet>(_ type: Data.Type, variables: [String: JSONValue], maxAge: Duration?)
        -> (result: Result<CacheReadResult<Data>, CacheMiss>, dependencies: Set<CacheFieldRef>) {
        var reader = makeReader(variables: variables, maxAge: maxAge, staleIsMiss: false, tracking: true)
        defer { storage.endRead() }
        do {
            let data = try reader.read(type, at: .rootQuery)
            return (.success(CacheReadResult(data: data, isStale: reader.isStale, hasPendingDeferred: reader.hasPendingDeferred,
                                                      errors: reader.fieldErrors)),
                    reader.dependencies)
        } catch {
            return (.failure(error), reader.dependencies)
        }
    }

    /// Re-reads every watcher that read a changed field. The excluded watcher (whose own fetch
    /// wrote the change) only renews its dependencies.
    func notifyWatchers(_ changed: [CacheFieldRef], excluding excluded: Int?) {
        guard !watchers.isEmpty, !changed.isEmpty else { return }
        var changedSet: Set<CacheFieldRef>?
        for id in watchers.keys.sorted() {
            guard let watcher = watchers[id] else { continue }
            let affected: Bool
            if changed.count <= watcher.dependencies.count {
                affected = changed.contains { watcher.dependencies.contains($0) }
            } else {
                if changedSet == nil { changedSet = Set(changed) }
                affected = !watcher.dependencies.isDisjoint(with: changedSet!)
            }
            guard affected else { continue }
            watcherRefreshCount += 1
            let dependencies = watcher.refresh(self, id != excluded)
            watchers[id]?.dependencies = dependencies
        }
    }

    /// Renews a watcher's dependencies without delivering (after its own fetch wrote the data).
    func refreshDependencies(of id: Int) {
        guard let watcher = watchers[id] else { return }
        watchers[id]?.dependencies = watcher.refresh(self, false)
    }
}
