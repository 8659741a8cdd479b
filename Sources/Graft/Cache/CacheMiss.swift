/// Why the cache could not answer a read: a record or field is missing, a field expired (for
/// reads that refuse stale data), or the stored data doesn't fit the selections.
public struct CacheMiss: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of miss.
    public enum Reason: Sendable, Hashable {
        /// No record with the key.
        case missingRecord
        /// The record lacks the field.
        case missingField
        /// The field is older than its maximum age.
        case expired
        /// The stored value doesn't match the selection (for example a scalar where an object is expected).
        case invalid(String)
    }

    /// The kind of miss.
    public let reason: Reason
    /// The record.
    public let key: CacheKey
    /// The field key, when the miss is about one field.
    public let field: String?

    /// Creates a miss.
    public init(_ reason: Reason, key: CacheKey, field: String? = nil) {
        self.reason = reason
        self.key = key
        self.field = field
    }

    public var description: String {
        let place = field.map { key.rawValue + "." + $0 } ?? key.rawValue
        switch reason {
        case .missingRecord: return "cache miss: no record \(key.rawValue)"
        case .missingField: return "cache miss: no field \(place)"
        case .expired: return "cache miss: \(place) expired"
        case .invalid(let message): return "cache miss: \(place): \(message)"
        }
    }
}

/// Data read from the cache, with its staleness.
///
/// Like ``GraphQLResponse``, it does not require `Data` to be a `SelectionSet` (see there why).
public struct CacheReadResult<Data: Sendable>: Sendable {
    /// The typed data.
    public let data: Data
    /// Whether some field read was older than its maximum age.
    public let isStale: Bool
    /// Whether some `@defer` fragment is `Deferred.pending` because the cache lacks its data:
    /// `fetch` then goes to the server (as for a miss), a watcher delivers it and waits.
    public let hasPendingDeferred: Bool
    /// The errors stored with fields that are null because of an error (a response's field
    /// errors, written with its data), in reading order.
    public let errors: [GraphQLResponseError]

    /// Creates a result.
    public init(data: Data, isStale: Bool, hasPendingDeferred: Bool = false, errors: [GraphQLResponseError] = []) {
        self.data = data
        self.isStale = isStale
        self.hasPendingDeferred = hasPendingDeferred
        self.errors = errors
    }

    /// The result as a response from the cache.
    public var response: GraphQLResponse<Data> { GraphQLResponse(data: data, errors: errors, source: .cache, isStale: isStale) }
}
