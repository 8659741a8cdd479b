extension RequestOptions {
    /// What of the options reaches the transport and the interceptors below it (headers, timeouts,
    /// offline behaviour, the context's fields), as a value to compare: two requests with equal
    /// keys may travel together (deduplication shares one request, batching one HTTP request).
    /// Options only the client reads (`throwsOnGraphQLErrors`, `cacheMaxAge`, `deduplicates`)
    /// are left out.
    struct SendingKey: Hashable, Sendable {
        let headers: HTTPHeaders
        let timeout: Duration?
        let attemptTimeout: Duration?
        let whenOffline: OfflineBehavior
        let retriesMutation: Bool
        let contextOperationName: String?
        let contextTimeout: Duration?
        let contextAttemptTimeout: Duration?
        let isIdempotent: Bool?
        let retriesNonIdempotent: Bool
        let skipsAuthentication: Bool
        let contextWhenOffline: OfflineBehavior

        /// The key of `options`; nil when its context carries custom values, which interceptors
        /// read and which cannot be compared.
        init?(_ options: RequestOptions) {
            guard !options.context.hasCustomValues else { return nil }
            headers = options.headers
            timeout = options.timeout
            attemptTimeout = options.attemptTimeout
            whenOffline = options.whenOffline
            retriesMutation = options.retriesMutation
            contextOperationName = options.context.operationName
            contextTimeout = options.context.timeout
            contextAttemptTimeout = options.context.attemptTimeout
            isIdempotent = options.context.isIdempotent
            retriesNonIdempotent = options.context.retriesNonIdempotent
            skipsAuthentication = options.context.skipsAuthentication
            contextWhenOffline = options.context.whenOffline
        }
    }
}
