/// Where an ``HTTPResponseCache`` keeps its entries: in memory (``InMemoryHTTPCacheStorage``, the
/// default) or on disk (`SQLiteHTTPCacheStorage` in GraftSQLite), with a cap on entries and on
/// bytes and least-recently-used eviction.
///
/// The cache calls a storage from one task at a time (it holds its lock around each call), so a
/// storage needs no locking of its own. Errors a storage throws make the cache skip it for that
/// request (a miss, or a response not stored), never fail the request.
public protocol HTTPCacheStorage: AnyObject {
    /// The most entries kept.
    var maxEntries: Int { get }
    /// The most bytes kept, counted as ``HTTPCacheEntry/byteCount``; an entry larger than this is
    /// not stored.
    var maxBytes: Int { get }
    /// How many entries are stored.
    var count: Int { get }
    /// The bytes stored, counted as ``HTTPCacheEntry/byteCount``.
    var byteCount: Int { get }

    /// The entries stored under `key`, one per variant, each now the most recently used. An
    /// entry that cannot be read back (a damaged row) is left out and removed.
    func entries(forKey key: String) throws -> [HTTPCacheEntry]

    /// Stores `entry` in place of the one with its key and variant, as the most recently used,
    /// then removes the least recently used entries until both caps hold. An entry larger than
    /// ``maxBytes`` is not stored (and the one it would replace is removed); returns whether
    /// `entry` was stored.
    @discardableResult
    func store(_ entry: HTTPCacheEntry) throws -> Bool

    /// Removes every variant stored under `key`; returns how many were removed.
    @discardableResult
    func removeEntries(forKey key: String) throws -> Int

    /// Removes every entry (for example when the user signs out).
    func removeAll() throws
}
