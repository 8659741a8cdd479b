import Foundation

/// A typed REST endpoint: how to build the request, and what its response decodes to.
///
/// ```swift
/// struct User: Decodable, Sendable { let id: String; let name: String }
/// let user = Endpoint<User>(.get, "users/\(id)", query: [QueryItem("fields", "name,email")])
/// let created = Endpoint<User>(.post, "users", body: NewUser(name: "Ada"))
/// ```
///
/// The path is relative to the client's base URL and API-version prefix and is given unencoded.
public struct Endpoint<Response: Decodable & Sendable>: Sendable {
    /// The request method.
    public var method: HTTPMethod
    /// The path below the client's base URL and version prefix, unencoded.
    public var path: String
    /// Query items, unencoded.
    public var query: [QueryItem]
    /// Extra headers for this endpoint.
    public var headers: HTTPHeaders
    /// The body, encoded as JSON with the client's encoder.
    public var body: (any Encodable & Sendable)?
    /// A name for errors and logs; defaults to `METHOD path`.
    public var name: String
    /// Statuses that count as success; others throw ``GraftError/Code/httpStatus``.
    public var acceptableStatuses: Range<Int>
    /// Settings for this request (timeout, idempotency, retry opt-in).
    public var context: RequestContext

    /// Creates an endpoint.
    public init(_ method: HTTPMethod = .get, _ path: String, query: [QueryItem] = [], headers: HTTPHeaders = [:],
                body: (any Encodable & Sendable)? = nil, name: String? = nil,
                acceptableStatuses: Range<Int> = 200..<300, context: RequestContext = RequestContext()) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.name = name ?? "\(method) \(path)"
        self.acceptableStatuses = acceptableStatuses
        self.context = context
    }
}
