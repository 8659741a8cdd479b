extension RequestContext {
    /// How an ``HTTPCacheInterceptor`` answers this request, in place of its own policy; nil for
    /// the interceptor's.
    public var cachePolicy: CachePolicy? {
        get { self[CachePolicyKey.self] }
        set { self[CachePolicyKey.self] = newValue }
    }

    /// How long an ``HTTPCacheInterceptor`` keeps this request's response when the response states
    /// no lifetime (no `max-age`, no `Expires`): a per-endpoint rule of the app. It also lets a
    /// response to a request with `Authorization` be stored. `no-store` still wins.
    public var cacheTimeToLive: Duration? {
        get { self[CacheTimeToLiveKey.self] }
        set { self[CacheTimeToLiveKey.self] = newValue }
    }
}

private enum CachePolicyKey: RequestContextKey {
    static let defaultValue: CachePolicy? = nil
}

private enum CacheTimeToLiveKey: RequestContextKey {
    static let defaultValue: Duration? = nil
}
