public import Foundation

/// Where the app's server is and how to sign in to it: all the app tells the networking core.
public struct APIConfiguration: Sendable {
    /// The server's origin; the GraphQL endpoint, REST endpoints and token refresh are below it.
    public var baseURL: URL
    /// The access token saved from the last sign-in, if any.
    public var accessToken: String?
    /// Headers sent with every request (an app version, a device identifier).
    public var headers: [String: String]
    /// The GraphQL endpoint's path below ``baseURL``.
    public var graphQLPath = "graphql"
    /// The REST endpoints' prefix below ``baseURL``.
    public var restPrefix = "rest/v1"
    /// The path a `POST` to which answers `{"accessToken": ...}` with a new token.
    public var refreshPath = "test/refresh"
    /// Whether queries are sent as automatic persisted queries (the hash first, the text only when
    /// the server asks for it).
    public var persistsQueries = false
    /// How long one request may take, retries included, before it fails with a timeout; nil for
    /// no limit.
    public var timeout: Duration? = .seconds(60)

    /// A configuration for the server at `baseURL`.
    public init(baseURL: URL, accessToken: String? = nil, headers: [String: String] = [:]) {
        self.baseURL = baseURL
        self.accessToken = accessToken
        self.headers = headers
    }
}
