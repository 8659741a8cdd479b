/// Adds a credential from an async token provider to each request: `Authorization: Bearer <token>`
/// by default.
///
/// The provider is asked for every request (so it can hand out a fresh or refreshed token); when it
/// returns `nil`, the request goes out without credentials. A request whose context sets
/// ``RequestContext/skipsAuthentication``, or that already carries the header, is left alone.
public struct AuthenticationInterceptor: HTTPInterceptor {
    /// Supplies the current token, or `nil` for none.
    public typealias TokenProvider = @Sendable () async throws -> String?

    /// How the credential is written into the request.
    public let scheme: AuthorizationScheme
    private let tokenProvider: TokenProvider

    /// Creates an interceptor that asks `tokenProvider` for the token of each request.
    public init(scheme: AuthorizationScheme = .bearer, tokenProvider: @escaping TokenProvider) {
        self.scheme = scheme
        self.tokenProvider = tokenProvider
    }

    /// Creates an interceptor that takes the token from `coordinator`, waiting for a refresh in flight.
    public init(_ coordinator: TokenRefreshCoordinator, scheme: AuthorizationScheme = .bearer) {
        self.init(scheme: scheme) { try await coordinator.currentToken() }
    }

    /// Adds the credential, then passes the request on.
    public func intercept(_ request: HTTPRequest, context: RequestContext, next: @escaping HTTPNext) async throws -> HTTPResponse {
        guard !context.skipsAuthentication, !request.headers.contains(scheme.headerName) else {
            return try await next(request, context)
        }
        var request = request
        do {
            if let token = try await tokenProvider() {
                scheme.apply(token, to: &request)
                context.noteCredential(token)
            }
        } catch let error as GraftError {
            throw error
        } catch {
            throw GraftError.unauthorized("the token provider failed", underlying: error)
        }
        return try await next(request, context)
    }
}
