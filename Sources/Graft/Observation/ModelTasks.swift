/// The work a model runs off the main actor — its requests and its cache watcher — owned by the
/// model and ended when the model is released: its deinit cancels the requests (so the server sees
/// the connection close) and removes the watcher. Tasks capture the model weakly, so they never
/// keep it alive.
final class ModelTasks: Sendable {
    private struct State {
        var tasks: [Int: Task<Void, Never>] = [:]
        /// Tasks that ended before they were recorded.
        var ended: Set<Int> = []
        var next = 0
        var ends: [@Sendable () -> Void] = []
    }

    private let state = Locked(State())

    deinit {
        let (tasks, ends) = state.withLock { ($0.tasks, $0.ends) }
        for task in tasks.values { task.cancel() }
        for end in ends { end() }
    }

    /// Runs `body` as a task the model's release cancels; the task forgets itself when done.
    @discardableResult
    func run(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        let id = state.withLock { state -> Int in
            state.next += 1
            return state.next
        }
        let task = Task { [state] in
            await body()
            state.withLock { if $0.tasks.removeValue(forKey: id) == nil { $0.ended.insert(id) } }
        }
        state.withLock { if $0.ended.remove(id) == nil { $0.tasks[id] = task } }
        return task
    }

    /// Watches `type` on the record `key` and hands each result (the first read included) to
    /// `apply` on the main actor, in order, until the model is released. `operation`'s schema is
    /// adopted first (as a query's watcher does).
    func watch<Data: SelectionSet>(_ store: CacheStore, _ type: Data.Type, at key: CacheKey,
                                   variables: [String: JSONValue], maxAge: Duration?,
                                   adopting operation: (any GraphQLOperation.Type)? = nil,
                                   apply: @escaping @MainActor @Sendable (Result<CacheReadResult<Data>, CacheMiss>) -> Void) {
        let (results, delivery) = AsyncStream<Result<CacheReadResult<Data>, CacheMiss>>.makeStream()
        let (ended, end) = AsyncStream<Void>.makeStream()
        Task {
            if let operation { await store.adoptSchema(of: operation) }
            let id = await store.addWatcher(type, at: key, variables: variables, maxAge: maxAge, deliveringFirst: true) {
                delivery.yield($0)
            }
            for await _ in ended {}
            await store.removeWatcher(id)
        }
        Task { @MainActor in
            for await result in results { apply(result) }
        }
        state.withLock {
            $0.ends.append {
                end.finish()
                delivery.finish()
            }
        }
    }
}
