/// How the store survives its storage failing: the cache can only make things faster, never break
/// a fetch. A server result that cannot be written is still returned; the failure is reported
/// once (see ``GraphQLClient/CacheErrorHandler``) and a damaged record is dropped, so the next
/// write stores it afresh.

/// A record a storage found but could not decode (a damaged file, a record written by other code).
/// Storages throw it from reads, and from merges and removals that read the old record, so the
/// store can drop that one record.
public struct DamagedRecordError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The record.
    public let key: CacheKey
    /// Why it could not be decoded.
    public let reason: String

    /// Creates an error.
    public init(key: CacheKey, reason: String) {
        self.key = key
        self.reason = reason
    }

    public var description: String { "the cached record \(key.rawValue) is damaged (\(reason))" }
}

extension GraftError {
    /// A ``Code/cache`` error for a storage failure (a ``GraftError`` is kept as it is).
    public static func cache(_ error: any Error, operation: String? = nil) -> GraftError {
        if let error = error as? GraftError { return error.withContext(operation: operation) }
        let message = switch error {
        case let damaged as DamagedRecordError: damaged.description
        case let miss as CacheMiss: "the data does not fit its selections: \(miss.description)"
        default: "the cache store failed: \(GraftError.safeDescription(of: error))"
        }
        return GraftError(.cache, message: message, operation: operation, underlying: error)
    }
}

extension CacheStore {
    /// The most damaged records dropped while writing one result, before giving up on it.
    static let maxDroppedRecordsPerWrite = 8

    /// Writes a server result, recovering from storage failures instead of throwing: a damaged
    /// record is dropped and the write tried again. Returns the first failure (the caller reports
    /// it once), or nil when the write went through at once.
    func publishRecovering(_ fields: [String: JSONValue], as type: any SelectionSet.Type, at key: CacheKey,
                           variables: [String: JSONValue], excludingWatcher: Int? = nil,
                           cacheControl: CacheControl? = nil) -> GraftError? {
        var failure: GraftError?
        for _ in 0...Self.maxDroppedRecordsPerWrite {
            do {
                try publish(fields, as: type, at: key, variables: variables, excludingWatcher: excludingWatcher,
                            cacheControl: cacheControl)
                return failure
            } catch {
                failure = failure ?? error
                guard let damaged = error.underlying as? DamagedRecordError,
                      (try? storage.removeRecords([damaged.key])) != nil else { return failure }
            }
        }
        return failure
    }

    /// Runs a storage operation for a public method, turning whatever the storage throws into a
    /// ``GraftError/Code/cache`` error.
    func guarded<T>(_ body: () throws -> T) throws(GraftError) -> T {
        do {
            return try body()
        } catch {
            throw GraftError.cache(error)
        }
    }
}
