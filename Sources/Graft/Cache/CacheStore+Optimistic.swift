@_spi(Generated) import GraftAPI

/// Optimistic layers: data written over the records until the server answers, seen by reads and
/// watchers at once, then replaced by the real data or rolled back.
extension CacheStore {
    /// Adds a layer with an operation's expected data; returns its identifier.
    public func addOptimisticLayer<Operation: GraphQLOperation>(_ data: Operation.Data, for operation: Operation) throws(GraftError) -> Int {
        adoptSchema(of: Operation.self)
        return try addOptimisticLayer(data.__data.fields, as: Operation.Data.self, operationKind: Operation.operationKind,
                                      variables: operation.variables)
    }

    /// Adds a layer with an operation's expected data given as response JSON (an offline queue
    /// rebuilding it at launch); returns its identifier.
    func addOptimisticLayer(_ fields: [String: JSONValue], as type: any SelectionSet.Type, operationKind: OperationKind,
                            variables: [String: JSONValue]) throws(GraftError) -> Int {
        try addOptimisticLayer(normalized(fields, as: type, operationKind: operationKind, variables: variables))
    }

    /// Adds a layer of raw changes; returns its identifier.
    public func addOptimisticLayer(_ records: RecordSet) -> Int {
        nextIdentifier += 1
        optimisticLayers.append((nextIdentifier, records))
        notifyWatchers(CacheStore.fieldRefs(of: records), excluding: nil)
        return nextIdentifier
    }

    /// Removes a layer (rolling its changes back) and merges `replacement` (the server's data) in
    /// the same change, so watchers see one update.
    public func removeOptimisticLayer(_ id: Int, replacingWith replacement: RecordSet = RecordSet()) throws(GraftError) {
        guard let index = optimisticLayers.firstIndex(where: { $0.id == id }) else {
            try commit(replacement)
            return
        }
        let layer = optimisticLayers.remove(at: index)
        try commit(replacement, alsoChanged: CacheStore.fieldRefs(of: layer.records))
    }

    /// Removes a layer and writes an operation's real data in the same change.
    public func replaceOptimisticLayer<Operation: GraphQLOperation>(_ id: Int, with data: Operation.Data?,
                                                                    for operation: Operation) throws(GraftError) {
        let replacement = try data.map { data throws(GraftError) in
            try normalized(data.__data.fields, as: Operation.Data.self, operationKind: Operation.operationKind,
                           variables: operation.variables)
        }
        try removeOptimisticLayer(id, replacingWith: replacement ?? RecordSet())
    }

    /// Removes a layer (when there is one) and writes an operation's real data, given as response
    /// JSON, in the same change.
    func replaceOptimisticLayer(_ id: Int?, with fields: [String: JSONValue], as type: any SelectionSet.Type,
                                operationKind: OperationKind, variables: [String: JSONValue]) throws(GraftError) {
        let replacement = try normalized(fields, as: type, operationKind: operationKind, variables: variables)
        if let id {
            try removeOptimisticLayer(id, replacingWith: replacement)
        } else {
            try commit(replacement)
        }
    }

    /// An operation's data as records, not yet written.
    private func normalized(_ fields: [String: JSONValue], as type: any SelectionSet.Type, operationKind: OperationKind,
                            variables: [String: JSONValue]) throws(GraftError) -> RecordSet {
        var normalizer = Normalizer(variables: variables, configuration: configuration)
        try guarded { try normalizer.write(fields, as: type, key: .root(of: operationKind)) }
        return normalizer.records
    }

    /// The number of optimistic layers.
    public var optimisticLayerCount: Int { optimisticLayers.count }
}
