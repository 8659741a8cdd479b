/// Where and how a token is written into a request: a header name and an optional scheme prefix.
public struct AuthorizationScheme: Sendable, Hashable {
    /// The header, `Authorization` by default.
    public var headerName: String
    /// The prefix before the token, for example `"Bearer"`; `nil` writes the bare token.
    public var prefix: String?

    /// Creates a scheme.
    public init(headerName: String = "Authorization", prefix: String? = "Bearer") {
        self.headerName = headerName
        self.prefix = prefix
    }

    /// `Authorization: Bearer <token>`.
    public static let bearer = AuthorizationScheme()

    /// The header value for `token`.
    public func headerValue(for token: String) -> String {
        prefix.map { "\($0) \(token)" } ?? token
    }

    /// Sets the header on `request` to carry `token`.
    public func apply(_ token: String, to request: inout HTTPRequest) {
        request.headers[headerName] = headerValue(for: token)
    }

    /// The token `request` carries in this scheme, if any.
    public func token(in request: HTTPRequest) -> String? {
        guard let value = request.headers[headerName] else { return nil }
        guard let prefix else { return value }
        let expected = prefix + " "
        guard value.count > expected.count, value.lowercased().hasPrefix(expected.lowercased()) else { return value }
        return String(value.dropFirst(expected.count))
    }
}
