/// An entry of a response's `errors` list (GraphQL spec Section 7.1.2): arrives as data beside
/// partial data, or inside a `GraftError` when the caller asked to throw.
public struct GraphQLResponseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A line and column in the operation's text.
    public struct Location: Sendable, Hashable {
        /// 1-based line.
        public let line: Int
        /// 1-based column.
        public let column: Int
    }

    /// The message.
    public let message: String
    /// Locations in the operation's text.
    public let locations: [Location]
    /// The response path of the field that failed (keys and indexes).
    public let path: ResponsePath?
    /// The `extensions` object (for example `code`).
    public let extensions: [String: JSONValue]

    /// Creates an error.
    public init(message: String, locations: [Location] = [], path: ResponsePath? = nil, extensions: [String: JSONValue] = [:]) {
        self.message = message
        self.locations = locations
        self.path = path
        self.extensions = extensions
    }

    /// The error as an entry of `errors`, as `init(json:)` reads it back.
    public var jsonValue: JSONValue {
        var fields: [String: JSONValue] = ["message": .string(message)]
        if !locations.isEmpty {
            fields["locations"] = .array(locations.map { .object(["line": .int($0.line), "column": .int($0.column)]) })
        }
        if let path {
            fields["path"] = .array(path.components.map { component in
                switch component {
                case .key(let key): return .string(key)
                case .index(let index): return .int(index)
                }
            })
        }
        if !extensions.isEmpty { fields["extensions"] = .object(extensions) }
        return .object(fields)
    }

    /// Reads one entry of `errors`; nil when it has no string `message`.
    public init?(json: JSONValue) {
        guard case .object(let fields) = json, case .string(let message)? = fields["message"] else { return nil }
        self.message = message
        if case .array(let items)? = fields["locations"] {
            locations = items.compactMap { item in
                guard case .object(let location) = item, case .int(let line)? = location["line"],
                      case .int(let column)? = location["column"] else { return nil }
                return Location(line: line, column: column)
            }
        } else {
            locations = []
        }
        if case .array(let items)? = fields["path"] {
            path = ResponsePath(items.compactMap { item in
                switch item {
                case .string(let key): return .key(key)
                case .int(let index): return .index(index)
                default: return nil
                }
            })
        } else {
            path = nil
        }
        extensions = fields["extensions"]?.objectValue ?? [:]
    }

    /// `extensions.code`, such as `UNAUTHENTICATED`.
    public var code: String? { extensions["code"]?.stringValue }

    /// The message (cut to 1,000 characters), with the path when there is one.
    public var description: String {
        let message = message.truncated(to: 1000)
        guard let path, !path.components.isEmpty else { return message }
        return "\(message) (at \(path))"
    }
}
