import Foundation

/// Refreshes the credentials when the server rejects them, then retries the request once.
///
/// Place it *after* the ``AuthenticationInterceptor`` (closer to the network) so it sees the token
/// that was actually sent; used alone it adds the coordinator's token itself. A response needs a
/// refresh when ``needsRefresh`` says so; without one, a 401 status, and for a GraphQL request
/// (``RequestContext/isGraphQL``, set by ``HTTPTransport``) also a GraphQL `UNAUTHENTICATED` error
/// (``graphQLUnauthenticated``).
///
/// However many requests are rejected at once, the ``TokenRefreshCoordinator`` runs one refresh;
/// each request is then retried once with the new token. If the refresh fails, or the retry is
/// rejected too, the request fails with ``GraftError/Code/unauthorized``.
public struct TokenRefreshInterceptor: HTTPInterceptor {
    /// Decides whether a response means the credentials were rejected.
    public typealias Predicate = @Sendable (HTTPResponse) -> Bool

    /// A 401 status.
    public static let unauthorizedStatus: Predicate = { $0.statusCode == 401 }

    /// For GraphQL servers: a 401 status, or a response whose `errors` include
    /// `extensions.code == "UNAUTHENTICATED"` (also ``HTTPTransport/needsTokenRefresh``). The
    /// default for requests marked ``RequestContext/isGraphQL``.
    public static let graphQLUnauthenticated: Predicate = { response in
        if response.statusCode == 401 { return true }
        // Parse only bodies that can hold the code: this runs on every GraphQL response.
        guard mentionsUnauthenticated(response.body),
              case .array(let errors)? = (try? JSONParser.parse([UInt8](response.body)))?.objectValue?["errors"] else { return false }
        return errors.contains { GraphQLResponseError(json: $0)?.code == "UNAUTHENTICATED" }
    }

    /// Whether `body` contains the bytes `UNAUTHENTICATED`.
    static func mentionsUnauthenticated(_ body: Data) -> Bool {
        let needle = Array("UNAUTHENTICATED".utf8)
        return body.withUnsafeBytes { bytes in
            guard bytes.count >= needle.count else { return false }
            var index = 0
            while index <= bytes.count - needle.count {
                if bytes[index] == needle[0] {
                    var matched = 1
                    while matched < needle.count && bytes[index + matched] == needle[matched] { matched += 1 }
                    if matched == needle.count { return true }
                }
                index += 1
            }
            return false
        }
    }

    /// Holds the token and runs refreshes.
    public let coordinator: TokenRefreshCoordinator
    /// How the token is written into requests.
    public let scheme: AuthorizationScheme
    /// Whether a response means the credentials were rejected; nil for the default (see above).
    public let needsRefresh: Predicate?

    /// Creates an interceptor refreshing through `coordinator` when `needsRefresh` says so (by
    /// default a 401, or a GraphQL `UNAUTHENTICATED` error for GraphQL requests).
    public init(_ coordinator: TokenRefreshCoordinator, scheme: AuthorizationScheme = .bearer, needsRefresh: Predicate? = nil) {
        self.coordinator = coordinator
        self.scheme = scheme
        self.needsRefresh = needsRefresh
    }

    /// Sends the request; on rejection refreshes (once, shared) and retries once.
    public func intercept(_ request: HTTPRequest, context: RequestContext, next: @escaping HTTPNext) async throws -> HTTPResponse {
        guard !context.skipsAuthentication else { return try await next(request, context) }
        let needsRefresh = self.needsRefresh ?? (context.isGraphQL ? Self.graphQLUnauthenticated : Self.unauthorizedStatus)
        var request = request
        let generation = await coordinator.currentGeneration()
        var sentToken = scheme.token(in: request)
        if sentToken == nil, let token = try await coordinator.currentToken() {
            scheme.apply(token, to: &request)
            context.noteCredential(token)
            sentToken = token
        }
        let response = try await next(request, context)
        guard needsRefresh(response) else { return response }

        let fresh = try await coordinator.refreshedToken(replacing: sentToken, seenGeneration: generation)
        scheme.apply(fresh, to: &request)
        context.noteCredential(fresh)
        let retried = try await next(request, context)
        guard needsRefresh(retried) else { return retried }
        throw GraftError(.unauthorized, message: "the server rejected the refreshed credentials",
                         statusCode: retried.statusCode, responseHeaders: retried.headers, responseBody: retried.body)
    }
}
