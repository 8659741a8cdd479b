/// Optimistic layers: data written over the records until the server answers, seen by reads and
/// watchers at once, then replaced by the real data or rolled back.
extension CacheStore {
    /// Adds a layer with an operation's expected data; returns its identifier.
    public func addOptimisticLayer<Operation: GraphQLOperation>(_ data: Operation.Data, for operation: Operation) throws(GraftError) -> Int {
        adoptSchema(of: Operation.self)
        var normalizer = Normalizer(variables: operation.variables, configuration: configuration)
        try guarded { try normalizer.write(data.__data.fields, as: Operation.Data.self, key: .root(of: Operation.operationKind)) }
        return addOptimisticLayer(normalizer.records)
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
        var replacement = RecordSet()
        if let data {
            var normalizer = Normalizer(variables: operation.variables, configuration: configuration)
            try guarded { try normalizer.write(data.__data.fields, as: Operation.Data.self, key: .root(of: Operation.operationKind)) }
            replacement = normalizer.records
        }
        try removeOptimisticLayer(id, replacingWith: replacement)
    }

    /// The number of optimistic layers.
    public var optimisticLayerCount: Int { optimisticLayers.count }
}
