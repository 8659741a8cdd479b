@_spi(Generated) import GraftAPI

/// What the queue knows of a mutation type, to rebuild an entry's optimistic update from JSON and
/// to write the server's answer: its data's selections, variable defaults and schema metadata.
struct QueuedMutationType: Sendable {
    let operationName: String
    /// The text and/or identifier its requests carry, which tells apart same-named mutations of
    /// two modules.
    let document: OperationDocument
    let dataType: any SelectionSet.Type
    let variableDefaults: [String: JSONValue]
    let adoptSchema: @Sendable (CacheStore) async -> Void

    init(_ type: any GraphQLMutation.Type) {
        self = Self.make(type)
    }

    private static func make<Mutation: GraphQLMutation>(_ type: Mutation.Type) -> QueuedMutationType {
        QueuedMutationType(operationName: Mutation.operationName, document: Mutation.document, dataType: Mutation.Data.self,
                           variableDefaults: Mutation.__variableDefaults,
                           adoptSchema: { store in await store.adoptSchema(of: Mutation.self) })
    }

    private init(operationName: String, document: OperationDocument, dataType: any SelectionSet.Type,
                 variableDefaults: [String: JSONValue], adoptSchema: @escaping @Sendable (CacheStore) async -> Void) {
        self.operationName = operationName
        self.document = document
        self.dataType = dataType
        self.variableDefaults = variableDefaults
        self.adoptSchema = adoptSchema
    }

    /// The variables the cache keys fields with: those sent, and the defaults of absent ones.
    func cacheVariables(of request: GraphQLRequest) -> [String: JSONValue] {
        var variables = request.variables
        for (name, value) in variableDefaults where variables[name] == nil { variables[name] = value }
        return variables
    }
}

/// The mutation types a queue knows, by operation name: several for one name when feature modules
/// each generate a mutation of that name, told apart by their documents.
struct KnownMutationTypes: Sendable {
    private var byName: [String: [QueuedMutationType]] = [:]

    /// Adds a mutation type, or replaces the one with the same name and document.
    mutating func register(_ type: QueuedMutationType) {
        var types = byName[type.operationName, default: []]
        types.removeAll { $0.document == type.document }
        types.append(type)
        byName[type.operationName] = types
    }

    /// The type of a request's mutation: the one with its name and document; else, when only one
    /// type has its name, that one (an entry left by an app version whose text for the mutation
    /// differed); else none (its data is then not written to the store).
    func type(of request: GraphQLRequest) -> QueuedMutationType? {
        guard let types = byName[request.operationName] else { return nil }
        return types.first { $0.document == request.document } ?? (types.count == 1 ? types[0] : nil)
    }
}

/// Optimistic updates of queued entries, kept in the client's store.
extension OfflineMutationQueue {
    /// Applies an entry's optimistic update (when it has one, the client a store, and its type is
    /// known). A store failure goes to the client's cache-error hook; the entry stays queued.
    func applyOptimisticLayer(of entry: QueuedMutation) async {
        guard layers[entry.id] == nil, let store = client.store, case .object(let fields)? = entry.optimisticData,
              let type = mutationTypes.type(of: entry.request) else { return }
        await type.adoptSchema(store)
        do {
            layers[entry.id] = try await store.addOptimisticLayer(fields, as: type.dataType, operationKind: .mutation,
                                                                  variables: type.cacheVariables(of: entry.request))
        } catch {
            client.onCacheError(GraftError.cache(error, operation: entry.request.operationName))
        }
    }

    /// Rolls an entry's optimistic update back.
    func rollBackOptimisticLayer(of entry: QueuedMutation) async {
        guard let layer = layers.removeValue(forKey: entry.id), let store = client.store else { return }
        try? await store.removeOptimisticLayer(layer)
    }

    /// Replaces an entry's optimistic update by the server's data in one change (just removes it
    /// when the type is unknown; the data is then in the ``OfflineQueueEvent/delivered(_:_:)`` event).
    func settleOptimisticLayer(of entry: QueuedMutation, with body: GraphQLResponseBody) async {
        let layer = layers.removeValue(forKey: entry.id)
        guard let store = client.store else { return }
        guard let type = mutationTypes.type(of: entry.request), case .object(let fields)? = body.data else {
            if let layer { try? await store.removeOptimisticLayer(layer) }
            return
        }
        await type.adoptSchema(store)
        do {
            try await store.replaceOptimisticLayer(layer, with: fields, as: type.dataType, operationKind: .mutation,
                                                   variables: type.cacheVariables(of: entry.request))
        } catch {
            if let layer { try? await store.removeOptimisticLayer(layer) }
            client.onCacheError(GraftError.cache(error, operation: entry.request.operationName))
        }
    }
}
