/// Where a result came from.
public enum ResultSource: Sendable, Hashable {
    /// The server answered.
    case server
    /// Read from the normalized cache.
    case cache
}

/// A typed result: data (possibly partial), server errors beside it, extensions, and its source.
///
/// `Data` is a generated selection set, but the type does not require `SelectionSet`: code outside
/// Graft makes this type's metadata from its mangled name, and with a requirement the runtime would
/// look the conformance up, on Linux a scan of every conformance record loaded, once per data type.
public struct GraphQLResponse<Data: Sendable>: Sendable {
    /// The typed data, or nil when the server returned none.
    public let data: Data?
    /// The server's `errors`, in order.
    public let errors: [GraphQLResponseError]
    /// The server's `extensions`.
    public let extensions: [String: JSONValue]
    /// Server or cache.
    public let source: ResultSource
    /// Whether some of the data read from the cache had expired (always false from the server).
    public let isStale: Bool
    /// The `Cache-Control` of the HTTP response that carried it, if any (from the server only).
    public var cacheControl: CacheControl?

    /// Creates a response.
    public init(data: Data?, errors: [GraphQLResponseError] = [], extensions: [String: JSONValue] = [:],
                source: ResultSource = .server, isStale: Bool = false) {
        self.data = data
        self.errors = errors
        self.extensions = extensions
        self.source = source
        self.isStale = isStale
    }
}

/// A response body as the transport parsed it: untyped `data`, `errors`, `extensions`.
public struct GraphQLResponseBody: Sendable, Hashable {
    /// `data`, or nil when absent or null.
    public var data: JSONValue?
    /// `errors`.
    public var errors: [GraphQLResponseError]
    /// `extensions`.
    public var extensions: [String: JSONValue]
    /// The HTTP status of the response that carried the body, when it came over HTTP: errors
    /// raised above the transport (decoding, thrown GraphQL errors) report it. Not part of equality.
    public var statusCode: Int?
    /// The `Cache-Control` (and `Age`) of the HTTP response that carried the body, if it had one:
    /// a store with ``CacheConfiguration/usesCacheControl`` takes the lifetime of what it writes
    /// from it. Not part of equality.
    public var cacheControl: CacheControl?

    public static func == (lhs: GraphQLResponseBody, rhs: GraphQLResponseBody) -> Bool {
        lhs.data == rhs.data && lhs.errors == rhs.errors && lhs.extensions == rhs.extensions
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(data)
        hasher.combine(errors)
        hasher.combine(extensions)
    }

    /// Creates a body.
    public init(data: JSONValue?, errors: [GraphQLResponseError] = [], extensions: [String: JSONValue] = [:]) {
        self.data = data
        self.errors = errors
        self.extensions = extensions
    }

    /// Reads a GraphQL response object (`{"data": ..., "errors": [...], "extensions": {...}}`);
    /// nil when `json` is not one.
    public init?(json: JSONValue) {
        guard case .object(let fields) = json, fields["data"] != nil || fields["errors"] != nil else { return nil }
        if let data = fields["data"], data != .null { self.data = data } else { self.data = nil }
        if case .array(let items)? = fields["errors"] {
            errors = items.compactMap(GraphQLResponseError.init(json:))
            if errors.count != items.count { return nil }
        } else {
            errors = []
        }
        extensions = fields["extensions"]?.objectValue ?? [:]
    }
}
