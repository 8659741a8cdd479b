/// The key of a normalized cache record: `Typename:id` by default (`Human:1000`), the type's key
/// fields (`Course:swift-concurrency`), a key from a programmatic resolver, or a path under the
/// parent record for objects without a key (`ROOT_QUERY.hero`, `Human:1000.friends.0`).
public struct CacheKey: Sendable, Hashable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The key's text.
    public let rawValue: String

    /// Wraps a key's text.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Wraps a key's text.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// `Typename:id`.
    public init(typename: String, id: String) {
        // Written in one go: `typename + ":" + id` appended twice (a record key per normalized object).
        var typename = typename
        var id = id
        let typenameCount = typename.utf8.count
        let idCount = id.utf8.count
        self.rawValue = String(unsafeUninitializedCapacity: typenameCount + 1 + idCount) { buffer in
            typename.withUTF8 { _ = UnsafeMutableBufferPointer(rebasing: buffer[..<typenameCount]).initialize(fromContentsOf: $0) }
            buffer[typenameCount] = UInt8(ascii: ":")
            id.withUTF8 { _ = UnsafeMutableBufferPointer(rebasing: buffer[(typenameCount + 1)...]).initialize(fromContentsOf: $0) }
            return typenameCount + 1 + idCount
        }
    }

    /// The record queries start from.
    public static let rootQuery = CacheKey("ROOT_QUERY")
    /// The record mutation results are written under.
    public static let rootMutation = CacheKey("ROOT_MUTATION")
    /// The record subscription events are written under.
    public static let rootSubscription = CacheKey("ROOT_SUBSCRIPTION")
    /// The three root records: garbage collection starts from them and eviction never removes them.
    public static let roots: Set<CacheKey> = [.rootQuery, .rootMutation, .rootSubscription]

    /// The root record of an operation kind.
    public static func root(of kind: OperationKind) -> CacheKey {
        switch kind {
        case .query: return .rootQuery
        case .mutation: return .rootMutation
        case .subscription: return .rootSubscription
        }
    }

    public var description: String { rawValue }

    public static func < (lhs: CacheKey, rhs: CacheKey) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One field of one record, such as `Human:1000.name` or `ROOT_QUERY.hero({"episode":"JEDI"})`:
/// what merges report as changed and what watchers depend on.
public struct CacheFieldRef: Sendable, Hashable, CustomStringConvertible {
    /// The record.
    public let key: CacheKey
    /// The field key (name plus sorted arguments).
    public let field: String

    /// Creates a reference.
    public init(_ key: CacheKey, _ field: String) {
        self.key = key
        self.field = field
    }

    /// `Key.field`.
    public var description: String { key.rawValue + "." + field }
}
