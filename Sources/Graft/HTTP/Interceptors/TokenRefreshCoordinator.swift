/// Holds the current access token and refreshes it, with exactly one refresh in flight however
/// many requests find their token rejected at once.
///
/// Requests that were rejected with a token that has since been replaced get the new token without
/// another refresh; requests that wait for a refresh that fails all fail with
/// ``GraftError/Code/unauthorized``, as do requests that were already under way when it failed, so
/// nothing loops. A request started after a failed refresh may try again (one refresh, shared).
///
/// The refresh call must not go through a ``TokenRefreshInterceptor`` itself. The simplest way is
/// ``init(token:refreshThrough:)``: the client built with this coordinator hands the refresh
/// closure its HTTP stack without authentication (logging, retry and timeouts, no credentials), so
/// nothing has to exist before the coordinator; with a stack you compose yourself (an
/// ``InterceptingHTTPClient`` for a ``RESTClient``), give it one with ``attach(_:)``, an
/// `InterceptingHTTPClient` of the same base without the authentication interceptors, or the refresh
/// fails with "the token refresh has no HTTP client". With ``init(token:refresh:)``, send the refresh
/// call with ``RequestContext/skipsAuthentication`` set (the interceptors then leave it alone).
public actor TokenRefreshCoordinator {
    /// Obtains a new token; it receives the token the server rejected.
    public typealias Refresh = @Sendable (_ rejectedToken: String?) async throws -> String
    /// Obtains a new token through `http`, the HTTP stack of the client this coordinator is
    /// attached to, without authentication.
    public typealias RefreshThroughHTTP = @Sendable (_ rejectedToken: String?, _ http: any HTTPClient) async throws -> String

    private var token: String?
    private let refresh: Refresh?
    private let refreshThroughHTTP: RefreshThroughHTTP?
    /// The stack ``refreshThroughHTTP`` sends through, set by ``attach(_:)``.
    private nonisolated let refreshClient = Locked<(any HTTPClient)?>(nil)
    private var inFlight: Task<String, any Error>?
    private var generation = 0
    private var failedGeneration: Int?
    /// How many refreshes were started, for diagnostics and tests.
    public private(set) var refreshCount = 0

    /// Creates a coordinator holding `token` (for example one restored from the keychain).
    public init(token: String? = nil, refresh: @escaping Refresh) {
        self.token = token
        self.refresh = refresh
        self.refreshThroughHTTP = nil
    }

    /// Creates a coordinator whose refresh call goes through the HTTP stack of the client it is
    /// attached to (the recommended ``GraphQLClient`` initializer attaches it), without
    /// authentication.
    public init(token: String? = nil, refreshThrough refresh: @escaping RefreshThroughHTTP) {
        self.token = token
        self.refresh = nil
        self.refreshThroughHTTP = refresh
    }

    /// Gives ``init(token:refreshThrough:)``'s refresh closure the HTTP stack to send through.
    public nonisolated func attach(_ client: any HTTPClient) {
        refreshClient.withLock { $0 = client }
    }

    /// The token to send now; waits for a refresh in flight and throws
    /// ``GraftError/Code/unauthorized`` if that refresh fails.
    public func currentToken() async throws -> String? {
        if let inFlight { return try await Self.outcome(of: inFlight) }
        return token
    }

    /// Replaces the token (after a sign-in, or `nil` after a sign-out) and forgets a failed refresh.
    public func setToken(_ token: String?) {
        self.token = token
        generation += 1
        failedGeneration = nil
    }

    /// A counter that moves whenever the token changes or a refresh ends; pass the value seen when a
    /// request started to ``refreshedToken(replacing:seenGeneration:)``.
    public func currentGeneration() -> Int {
        generation
    }

    /// A token to retry with after the server rejected `rejected`.
    ///
    /// Joins the refresh in flight if there is one; returns the current token without refreshing if
    /// it already differs from `rejected`; fails at once if a refresh failed since `seenGeneration`;
    /// otherwise starts the one refresh that everyone else will join.
    public func refreshedToken(replacing rejected: String?, seenGeneration: Int) async throws -> String {
        if let inFlight { return try await Self.outcome(of: inFlight) }
        if let token, token != rejected { return token }
        if let failedGeneration, failedGeneration > seenGeneration {
            throw GraftError.unauthorized("refreshing the credentials failed")
        }
        refreshCount += 1
        let task: Task<String, any Error>
        if let refresh {
            task = Task { try await refresh(rejected) }
        } else if let refreshThroughHTTP, let refreshClient = refreshClient.withLock({ $0 }) {
            task = Task { try await refreshThroughHTTP(rejected, refreshClient) }
        } else {
            task = Task { throw GraftError.unauthorized("the token refresh has no HTTP client: build a GraphQLClient with this coordinator, or give it one with attach(_:)") }
        }
        inFlight = task
        defer {
            inFlight = nil
            generation += 1
        }
        do {
            let fresh = try await task.value
            token = fresh
            return fresh
        } catch {
            failedGeneration = generation + 1
            throw Self.unauthorized(error)
        }
    }

    private static func outcome(of task: Task<String, any Error>) async throws -> String {
        do {
            return try await task.value
        } catch {
            throw unauthorized(error)
        }
    }

    private static func unauthorized(_ error: any Error) -> GraftError {
        GraftError.unauthorized("refreshing the credentials failed", underlying: error)
    }
}
