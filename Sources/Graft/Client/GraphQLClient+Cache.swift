@_spi(Generated) import GraftAPI

/// Cache policies, `fetchStream`, `watch` and optimistic mutations.
extension GraphQLClient {
    func fetch<Query: GraphQLQuery>(_ query: Query, policy: CachePolicy,
                                    options: RequestOptions) async throws -> GraphQLResponse<Query.Data> {
        guard let store else {
            if policy == .cacheOnly { throw GraphQLClient.noStore(Query.operationName) }
            return try await execute(query, options: options)
        }
        switch policy {
        case .cacheOnly:
            do {
                return try await store.read(query, maxAge: options.cacheMaxAge).response
            } catch {
                throw GraphQLClient.miss(error, Query.operationName)
            }
        case .cacheFirst:
            if let cached = try? await store.read(query, maxAge: options.cacheMaxAge, acceptsStale: false), !cached.hasPendingDeferred {
                return cached.response
            }
            return try await executeAndWrite(query, options: options)
        case .networkOnly, .cacheAndNetwork:
            return try await executeAndWrite(query, options: options)
        case .networkFirst:
            do {
                return try await executeAndWrite(query, options: options)
            } catch let error as GraftError where GraphQLClient.fallsBackToCache(error) {
                guard let cached = try? await store.read(query, maxAge: options.cacheMaxAge) else { throw error }
                return cached.response
            }
        }
    }

    /// Runs a query and delivers its results as they come: for `cacheAndNetwork` the cached result
    /// (when the cache has one, possibly stale), then the server's; for other policies the one
    /// result `fetch` gives.
    public func fetchStream<Query: GraphQLQuery>(_ query: Query, cachePolicy: CachePolicy = .cacheAndNetwork,
                                                 options: RequestOptions = RequestOptions())
        -> AsyncThrowingStream<GraphQLResponse<Query.Data>, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    if cachePolicy == .cacheAndNetwork, let store = self.store {
                        if let cached = try? await store.read(query, maxAge: options.cacheMaxAge) {
                            continuation.yield(cached.response)
                        }
                        continuation.yield(try await self.executeAndWrite(query, options: options))
                    } else {
                        continuation.yield(try await self.fetch(query, policy: cachePolicy, options: options))
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: self.withContext(error, query, options))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Watches a query: emits its current result (per `cachePolicy`), then a new result from the
    /// cache whenever a record field it read changes — from any fetch, mutation, subscription,
    /// optimistic layer or manual write — and nothing for unrelated writes. When a change leaves
    /// the data incomplete (records evicted or collected), it fetches again from the server
    /// (except with `cacheOnly`, which waits for the data). Ends when the consuming task is
    /// cancelled; network failures end it with the error.
    public func watch<Query: GraphQLQuery>(_ query: Query, cachePolicy: CachePolicy = .cacheFirst,
                                           options: RequestOptions = RequestOptions())
        -> AsyncThrowingStream<GraphQLResponse<Query.Data>, any Error> {
        let (stream, continuation) = AsyncThrowingStream<GraphQLResponse<Query.Data>, any Error>.makeStream()
        guard let store else {
            continuation.finish(throwing: withContext(GraphQLClient.noStore(Query.operationName), query, options))
            return stream
        }
        let (refetches, refetchContinuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let task = Task {
            let (id, initial) = await store.addWatcher(query, maxAge: options.cacheMaxAge) { result in
                switch result {
                case .success(let read): continuation.yield(read.response)
                case .failure: refetchContinuation.yield(())
                }
            }
            do {
                let cached = try? initial.get()
                switch cachePolicy {
                case .cacheOnly:
                    if let cached { continuation.yield(cached.response) }
                case .cacheFirst where cached.map({ !$0.isStale && !$0.hasPendingDeferred }) ?? false:
                    continuation.yield(cached!.response)
                case .networkFirst:
                    do {
                        continuation.yield(try await executeAndWrite(query, options: options, excludingWatcher: id))
                    } catch let error as GraftError where GraphQLClient.fallsBackToCache(error) && cached != nil {
                        continuation.yield(cached!.response)
                    }
                default:
                    if cachePolicy == .cacheAndNetwork, let cached { continuation.yield(cached.response) }
                    continuation.yield(try await executeAndWrite(query, options: options, excludingWatcher: id))
                }
                for await _ in refetches where cachePolicy != .cacheOnly {
                    continuation.yield(try await executeAndWrite(query, options: options, excludingWatcher: id))
                }
            } catch {
                continuation.finish(throwing: self.withContext(error, query, options))
            }
            await store.removeWatcher(id)
        }
        continuation.onTermination = { _ in
            task.cancel()
            refetchContinuation.finish()
        }
        return stream
    }

    /// Runs a mutation with an optimistic result: `optimisticResponse` is written into an
    /// optimistic layer that reads and watchers see at once; when the server answers, the layer is
    /// replaced by the real data in one change; when the request fails (or the server returns
    /// errors), the layer is rolled back and watchers are notified.
    public func perform<Mutation: GraphQLMutation>(_ mutation: Mutation, optimisticResponse: Mutation.Data?,
                                                   options: RequestOptions = RequestOptions()) async throws -> GraphQLResponse<Mutation.Data> {
        guard let store, let optimisticResponse else { return try await perform(mutation, options: options) }
        let layer = try await store.addOptimisticLayer(optimisticResponse, for: mutation)
        let response: GraphQLResponse<Mutation.Data>
        do {
            response = try await execute(mutation, options: options)
        } catch {
            try? await store.removeOptimisticLayer(layer)
            throw withContext(error, mutation, options)
        }
        do {
            try await store.replaceOptimisticLayer(layer, with: response.errors.isEmpty ? response.data : nil, for: mutation)
        } catch {
            // The store failed to take the server's data: roll the layer back, keep the response.
            try? await store.removeOptimisticLayer(layer)
            onCacheError(withContext(GraftError.cache(error, operation: Mutation.operationName), mutation, options))
        }
        return response
    }

    /// Sends an operation and writes its data (when complete and without errors) to the store.
    func executeAndWrite<Operation: GraphQLOperation>(_ operation: Operation, options: RequestOptions,
                                                      excludingWatcher: Int? = nil) async throws -> GraphQLResponse<Operation.Data> {
        let response = try await execute(operation, options: options)
        await write(response, for: operation, excludingWatcher: excludingWatcher)
        return response
    }

    /// Writes a server response to the store, if there is one and the response has no errors.
    /// Never fails: a storage failure goes to ``onCacheError`` once and the response is kept.
    func write<Operation: GraphQLOperation>(_ response: GraphQLResponse<Operation.Data>, for operation: Operation,
                                            excludingWatcher: Int? = nil) async {
        guard let store, let data = response.data, response.errors.isEmpty else { return }
        if response.cacheControl?.noStore == true, await store.configuration.usesCacheControl { return }
        await store.adoptSchema(of: Operation.self)
        if let failure = await store.publishRecovering(data.__data.fields, as: Operation.Data.self,
                                                       at: .root(of: Operation.operationKind),
                                                       variables: operation.variables, excludingWatcher: excludingWatcher,
                                                       cacheControl: response.cacheControl) {
            onCacheError(withContext(GraftError.cache(failure, operation: Operation.operationName), operation))
        }
    }

    /// Failures after which `networkFirst` answers from the cache.
    static func fallsBackToCache(_ error: GraftError) -> Bool {
        switch error.code {
        case .transport, .timedOut, .httpStatus, .rateLimited: return true
        default: return false
        }
    }

    static func noStore(_ operation: String) -> GraftError {
        GraftError(.cacheMiss, message: "the client has no cache store", operation: operation)
    }

    static func miss(_ miss: CacheMiss, _ operation: String) -> GraftError {
        GraftError(.cacheMiss, message: miss.description, operation: operation, underlying: miss)
    }
}
