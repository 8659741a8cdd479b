/// Where `fetch` looks for a query's data, and where an ``HTTPCacheInterceptor`` looks for a REST
/// response: one vocabulary for both caches. Over HTTP an exchange has one answer, so
/// `cacheAndNetwork` is answered as `networkFirst` there (see ``HTTPCacheInterceptor``).
public enum CachePolicy: Sendable, Hashable {
    /// The cache when it has every field (and none expired), else the server.
    case cacheFirst
    /// The server; the cache when the server cannot be reached.
    case networkFirst
    /// The server only (the result is still written to the cache).
    case networkOnly
    /// The cache only; a miss is an error.
    case cacheOnly
    /// The cached result first (if any), then the server's (`fetchStream`).
    case cacheAndNetwork
}
