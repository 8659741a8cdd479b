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
        return addWatcher(Query.Data.self, at: .rootQuery, variables: query.variables, maxAge: maxAge, onChange: onChange)
    }

    /// Watches a fragment (or any generated model) read from the record `key`, as
    /// ``addWatcher(_:maxAge:onChange:)`` watches a query: only changes to fields it read wake it.
    public func addWatcher<Data: SelectionSet>(
        _ type: Data.Type, at key: CacheKey, variables: [String: JSONValue] = [:], maxAge: Duration? = nil,
        onChange: @escaping @Sendable (Result<CacheReadResult<Data>, CacheMiss>) -> Void
    ) -> (id: Int, initial: Result<CacheReadResult<Data>, CacheMiss>) {
        nextIdentifier += 1
        let id = nextIdentifier
        let first = trackedRead(type, at: key, variables: variables, maxAge: maxAge)
        var last: (data: Data, isStale: Bool)?
        if case .success(let result) = first.result { last = (result.data, result.isStale) }
        let refresh: (isolated CacheStore, Bool) -> Set<CacheFieldRef> = { store, deliver in
            let next = store.trackedRead(type, at: key, variables: variables, maxAge: maxAge)
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
        watchers[id] = Watcher(dependencies: [], refresh: refresh)
        setDependencies(of: id, to: first.dependencies)
        return (id, first.result)
    }

    /// Registers a watcher that delivers its first read to `onChange` too, before any change can
    /// (for streams and models, whose consumers then see every result in order); returns its id.
    public func addWatcher<Data: SelectionSet>(
        _ type: Data.Type, at key: CacheKey, variables: [String: JSONValue] = [:], maxAge: Duration? = nil,
        deliveringFirst: Bool, onChange: @escaping @Sendable (Result<CacheReadResult<Data>, CacheMiss>) -> Void
    ) -> Int {
        let (id, initial) = addWatcher(type, at: key, variables: variables, maxAge: maxAge, onChange: onChange)
        if deliveringFirst { onChange(initial) }
        return id
    }

    /// Stops a watcher.
    public func removeWatcher(_ id: Int) {
        setDependencies(of: id, to: [])
        watchers[id] = nil
    }

    /// The number of active watchers.
    public var watcherCount: Int { watchers.count }

    func trackedRead<Data: SelectionSet>(_ type: Data.Type, at key: CacheKey, variables: [String: JSONValue], maxAge: Duration?)
        -> (result: Result<CacheReadResult<Data>, CacheMiss>, dependencies: Set<CacheFieldRef>) {
        storage.withReader(variables: variables, maxAge: maxAge, staleIsMiss: false, tracking: true, adopting: nil) { reader in
            do throws(CacheMiss) {
                let data = try reader.read(type, at: key)
                return (.success(CacheReadResult(data: data, isStale: reader.isStale, hasPendingDeferred: reader.hasPendingDeferred,
                                   errors: reader.fieldErrors)),
                        reader.dependencies)
            } catch {
                return (.failure(error), reader.dependencies)
            }
        }
    }

    /// Re-reads every watcher that read a changed field, found through ``watchersByField`` (so a
    /// write costs the same however many watchers read other things). The excluded watcher (whose
    /// own fetch wrote the change) only renews its dependencies.
    func notifyWatchers(_ changed: [CacheFieldRef], excluding excluded: Int?) {
        guard !watchersByField.isEmpty, !changed.isEmpty else { return }
        var affected: Set<Int> = []
        for field in changed {
            if let ids = watchersByField[field] { affected.formUnion(ids) }
        }
        for id in affected.sorted() {
            guard let watcher = watchers[id] else { continue }
            watcherRefreshCount += 1
            setDependencies(of: id, to: watcher.refresh(self, id != excluded))
        }
    }

    /// Renews a watcher's dependencies without delivering (after its own fetch wrote the data).
    func refreshDependencies(of id: Int) {
        guard let watcher = watchers[id] else { return }
        setDependencies(of: id, to: watcher.refresh(self, false))
    }

    /// Replaces a watcher's dependencies, in the watcher and in the index by field.
    private func setDependencies(of id: Int, to dependencies: Set<CacheFieldRef>) {
        guard let old = watchers[id]?.dependencies, old != dependencies else { return }
        for field in old where !dependencies.contains(field) {
            watchersByField[field]?.remove(id)
            if watchersByField[field]?.isEmpty == true { watchersByField[field] = nil }
        }
        for field in dependencies where !old.contains(field) { watchersByField[field, default: []].insert(id) }
        watchers[id]?.dependencies = dependencies
    }
}
