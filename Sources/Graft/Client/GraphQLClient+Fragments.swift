/// Fragment watching: one object's data, read from the cache now and again whenever a field it
/// read changes, for code that does not use the observable models.
extension GraphQLClient {
    /// Watches `type` (a generated fragment, or any generated model) on the object `key`: emits its
    /// data now, then again after each change to a field it read — from any query, mutation,
    /// optimistic layer or manual write — and nothing for other writes or for writes of equal
    /// values. Emits nil while the cache lacks the object's data (it never fetches: the object
    /// comes from some query). Ends when the consuming task is cancelled.
    ///
    /// ```swift
    /// for try await card in client.watch(CourseCard.self, at: "Course:swift-concurrency") {
    ///     show(card?.title)
    /// }
    /// ```
    public func watch<Fragment: SelectionSet>(_ type: Fragment.Type, at key: CacheKey,
                                              variables: [String: JSONValue] = [:])
        -> AsyncThrowingStream<Fragment?, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Fragment?, any Error>.makeStream()
        guard let store else {
            continuation.finish(throwing: GraphQLClient.noStore(String(describing: Fragment.self)))
            return stream
        }
        let (ended, end) = AsyncStream<Void>.makeStream()
        Task {
            let id = await store.addWatcher(type, at: key, variables: variables, deliveringFirst: true) { result in
                continuation.yield(try? result.get().data)
            }
            for await _ in ended {}
            await store.removeWatcher(id)
        }
        continuation.onTermination = { _ in end.finish() }
        return stream
    }

    /// Watches the object `data` came from (its key by the store's key rules); see
    /// ``watch(_:at:variables:)``. Fails when `data` has no key (no `__typename` and key fields).
    public func watch<Fragment: SelectionSet>(_ data: Fragment, variables: [String: JSONValue] = [:])
        -> AsyncThrowingStream<Fragment?, any Error> {
        guard let key = store?.cacheKey(of: data) else {
            return AsyncThrowingStream { $0.finish(throwing: GraphQLClient.noKey(Fragment.self, hasStore: store != nil)) }
        }
        return watch(Fragment.self, at: key, variables: variables)
    }

    static func noKey<Fragment>(_ type: Fragment.Type, hasStore: Bool) -> GraftError {
        guard hasStore else { return noStore(String(describing: type)) }
        return GraftError(.cacheMiss, message: "the \(type) value has no cache key (select __typename and its key fields)",
                          operation: String(describing: type))
    }
}
