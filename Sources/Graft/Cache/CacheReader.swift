@_spi(Generated) import GraftAPI

/// Reads a selection set back from records into response-shaped JSON (then the generated
/// initializer builds the typed model), driven by the same metadata as the normalizer. It notes
/// every field it reads (for watchers) and whether any was stale.
struct CacheReader {
    let source: RecordSource
    let variables: [String: JSONValue]
    let expiry: ExpiryRules
    /// The request's maximum age in seconds, if any.
    let requestMaxAge: Int64?
    /// The time ages are measured at, once the clock was asked (``now``).
    private var askedTime: CacheTimestamp?
    /// Stale fields are misses (`cacheFirst`) rather than reported.
    let staleIsMiss: Bool
    /// Whether to collect `dependencies`.
    let tracksDependencies: Bool
    /// The fields read (or tried), when tracking.
    var dependencies: Set<CacheFieldRef> = []
    /// Whether a field read was older than its maximum age.
    var isStale = false
    /// Whether a `@defer` fragment was left pending because the cache lacks its data.
    var hasPendingDeferred = false
    /// The errors stored with the fields read that hold nulls, in reading order.
    var fieldErrors: [GraphQLResponseError] = []
    /// Paginated fields are read from their merged key (see ``FieldPolicy``).
    let configuration: CacheConfiguration
    /// Whether some field reads an object by its key arguments (then a missing root is empty).
    let hasRedirects: Bool
    /// Whether any field has a policy (else no field is looked up in them).
    let hasFieldPolicies: Bool
    /// Whether records carry the expiry of the responses that wrote them (``CacheConfiguration/usesCacheControl``).
    let readsExpiries: Bool
    /// The expiries of the fields of the record being read (``CacheConfiguration/expiriesField``).
    var recordExpiries: [String: CacheValue]?

    init(source: RecordSource, variables: [String: JSONValue], configuration: CacheConfiguration, maxAge: Duration?,
         staleIsMiss: Bool, tracksDependencies: Bool) {
        self.source = source
        self.variables = variables
        self.expiry = configuration.expiry
        self.requestMaxAge = maxAge.map { $0.components.seconds }
        self.staleIsMiss = staleIsMiss
        self.tracksDependencies = tracksDependencies
        self.configuration = configuration
        self.hasRedirects = configuration.fieldPolicies.values.contains { !$0.keyArgs.isEmpty }
        self.hasFieldPolicies = !configuration.fieldPolicies.isEmpty
        self.readsExpiries = configuration.usesCacheControl
    }

    /// The time ages are measured at: the clock is asked once, by the first check that needs it,
    /// so a read without maximum ages never asks it (a new process's first read paid about 5% of
    /// its time for running `Date` and `floor` for the first time).
    var now: CacheTimestamp {
        mutating get {
            if let askedTime { return askedTime }
            let time = configuration.now
            askedTime = time
            return time
        }
    }

    /// Reads `type` from the record `key` and builds the model.
    mutating func read<Data: SelectionSet>(_ type: Data.Type, at key: CacheKey) throws(CacheMiss) -> Data {
        let fields = try readObject(key, type.__selections)
        do {
            return try Data(ObjectData(fields))
        } catch {
            throw CacheMiss(.invalid(error.description), key: key)
        }
    }

    mutating func readObject(_ key: CacheKey, _ selections: [Selection]) throws(CacheMiss) -> [String: JSONValue] {
        let located: RecordSource.Located
        do {
            if let found = try source.locate(key) {
                located = found
            } else if hasRedirects && CacheKey.roots.contains(key) {
                // An empty root: its fields may still be found elsewhere (key arguments).
                located = RecordSource.Located(key: key, handle: nil)
            } else {
                noteFirstField(of: selections, key: key)
                throw CacheMiss(.missingRecord, key: key)
            }
        } catch let miss as CacheMiss {
            throw miss
        } catch {
            throw CacheMiss(.invalid("storage error: \(error)"), key: key)
        }
        let typename = source.field("__typename", of: located)?.value
        var typenameText: String?
        if case .string(let name)? = typename { typenameText = name }
        var output = [String: JSONValue](capacityFor: selections.count)
        guard readsExpiries else {
            try collect(selections, located, typenameText, into: &output)
            return output
        }
        // This record's expiries while its fields are read; the parent's again after.
        let outer = recordExpiries
        defer { recordExpiries = outer }
        if case .object(let expiries)? = source.field(CacheConfiguration.expiriesField, of: located)?.value {
            recordExpiries = expiries
        } else {
            recordExpiries = nil
        }
        try collect(selections, located, typenameText, into: &output)
        return output
    }

    mutating func collect(_ selections: [Selection], _ record: RecordSource.Located, _ typename: String?,
                          into output: inout [String: JSONValue]) throws(CacheMiss) {
        for selection in selections {
            switch selection {
            case .field(let field):
                guard conditionsHold(field.conditions) else { continue }
                let fieldKey = fieldKey(field, typename: typename, key: record.key)
                if tracksDependencies { dependencies.insert(CacheFieldRef(record.key, fieldKey)) }
                guard let stored = source.field(fieldKey, of: record) ?? redirected(field, typename, record) else {
                    throw CacheMiss(.missingField, key: record.key, field: fieldKey)
                }
                if requestMaxAge != nil || !expiry.isEmpty || recordExpiries != nil {
                    try checkAge(stored, typename, field.name, record.key, fieldKey)
                }
                let value = try json(stored.value, field.type, record.key, fieldKey)
                if FieldErrorMarkers.holdsNull(value) { restoreFieldErrors(field.responseKey, fieldKey, record, into: &output) }
                if let previous = output.updateValue(value, forKey: field.responseKey), previous != value {
                    output[field.responseKey] = CacheReader.merge(previous, value)
                }
            case .inlineFragment(let fragment):
                guard applies(fragment.possibleTypes, typename), conditionsHold(fragment.conditions) else { continue }
                if fragment.deferredLabel != nil {
                    try collectDeferred(fragment.type.__selections, record, typename, into: &output)
                    continue
                }
                try collect(fragment.type.__selections, record, typename, into: &output)
            case .fragmentSpread(let spread):
                guard applies(spread.possibleTypes, typename), conditionsHold(spread.conditions) else { continue }
                try collect(spread.fragment.__selections, record, typename, into: &output)
            }
        }
    }

    /// A `@defer` fragment: read whole or not at all. Missing or expired data leaves it pending
    /// (``hasPendingDeferred``) rather than failing the read; its fields are still dependencies,
    /// so a watcher reads again when they arrive.
    mutating func collectDeferred(_ selections: [Selection], _ record: RecordSource.Located, _ typename: String?,
                                  into output: inout [String: JSONValue]) throws(CacheMiss) {
        var scratch = output
        do {
            try collect(selections, record, typename, into: &scratch)
            output = scratch
        } catch {
            if case .invalid = error.reason { throw error }
            hasPendingDeferred = true
        }
    }

    mutating func json(_ value: CacheValue, _ type: OutputType, _ key: CacheKey, _ fieldKey: String) throws(CacheMiss) -> JSONValue {
        switch type {
        case .nonNull(let inner):
            return try json(value, inner, key, fieldKey)
        case .leaf:
            return value.jsonValue
        case .list(let inner):
            switch value {
            case .null: return .null
            case .list(let items):
                if items.count > 1, case .object = inner.nullable { source.prefetch(items) }
                var result: [JSONValue] = []
                result.reserveCapacity(items.count)
                for item in items { result.append(try json(item, inner, key, fieldKey)) }
                return .array(result)
            default: throw CacheMiss(.invalid("expected a list"), key: key, field: fieldKey)
            }
        case .object(let selectionSet):
            switch value {
            case .null: return .null
            case .reference(let child): return .object(try readObject(child, selectionSet.__selections))
            default: throw CacheMiss(.invalid("expected a reference"), key: key, field: fieldKey)
            }
        }
    }

    mutating func checkAge(_ stored: StoredField, _ typename: String?, _ name: String, _ key: CacheKey,
                           _ fieldKey: String) throws(CacheMiss) {
        var expired = false
        if case .int(let expiresAt)? = recordExpiries?[fieldKey], Int(now.seconds) >= expiresAt { expired = true }
        var limit = typename == nil ? configuration.maxAge(typename: nil, key: key, field: name)
            : expiry.maxAge(typename: typename, field: name)
        if let requestMaxAge { limit = min(limit ?? requestMaxAge, requestMaxAge) }
        if let limit, stored.receivedAt.age(at: now) > limit { expired = true }
        guard expired else { return }
        if staleIsMiss { throw CacheMiss(.expired, key: key, field: fieldKey) }
        isStale = true
    }

    /// The errors stored with a field that holds a null (``Normalizer/storeFieldErrors``), put
    /// back beside it as a response would have them, and kept for the read's result.
    mutating func restoreFieldErrors(_ responseKey: String, _ fieldKey: String, _ record: RecordSource.Located,
                                     into output: inout [String: JSONValue]) {
        guard case .object(let stored)? = source.field(ObjectData.fieldErrorsKey, of: record)?.value,
              let errors = stored[fieldKey]?.jsonValue else { return }
        var markers = output[ObjectData.fieldErrorsKey]?.objectValue ?? [:]
        markers[responseKey] = errors
        output[ObjectData.fieldErrorsKey] = .object(markers)
        if case .array(let items) = errors { fieldErrors += items.compactMap(GraphQLResponseError.init(json:)) }
    }

    /// On a missing record, depend on its first field so the watcher wakes when it is written.
    /// For a field with key arguments (``FieldPolicy/keyArgs``) that was never stored: a reference
    /// to the object cached under `<typename>:<argument values>`, if there is one.
    mutating func redirected(_ field: Selection.Field, _ typename: String?, _ record: RecordSource.Located) -> StoredField? {
        guard hasFieldPolicies, let policy = configuration.policy(typename: typename, key: record.key, field: field.name),
              !policy.keyArgs.isEmpty else { return nil }
        var parts: [String] = []
        for name in policy.keyArgs {
            guard let value = field.arguments[name]?.resolvedForKey(variables).flatMap(CacheNormalization.keyText) else { return nil }
            parts.append(value)
        }
        let id = parts.joined(separator: "+")
        for type in policy.typenames {
            let key = CacheKey(typename: type, id: id)
            if (try? source.locate(key)) != nil { return StoredField(value: .reference(key), receivedAt: now) }
        }
        return nil
    }

    /// The key a field is stored under: a paginated field's leaves its paging arguments out.
    func fieldKey(_ field: Selection.Field, typename: String?, key: CacheKey) -> String {
        if hasFieldPolicies, let pagination = configuration.pagination(typename: typename, key: key, field: field.name) {
            return FieldKey.make(field, variables: variables, excluding: pagination.pagingArguments).key
        }
        return field.arguments.isEmpty ? field.name : FieldKey.make(field, variables: variables)
    }

    mutating func noteFirstField(of selections: [Selection], key: CacheKey) {
        guard tracksDependencies else { return }
        for selection in selections {
            if case .field(let field) = selection, conditionsHold(field.conditions) {
                dependencies.insert(CacheFieldRef(key, fieldKey(field, typename: nil, key: key)))
                return
            }
        }
    }

    @inline(__always)
    func conditionsHold(_ conditions: [Condition]) -> Bool {
        for condition in conditions where !condition.holds(variables) { return false }
        return true
    }

    @inline(__always)
    func applies(_ possibleTypes: Set<String>?, _ typename: String?) -> Bool {
        guard let possibleTypes else { return true }
        guard let typename else { return false }
        return possibleTypes.contains(typename)
    }

    /// Merges the same response key read through two selections (`friends { name }` and a
    /// fragment's `friends { id }`).
    static func merge(_ first: JSONValue, _ second: JSONValue) -> JSONValue {
        var merged = first
        merged.merge(second)
        return merged
    }
}
