/// A value stored in a record field: a scalar, a list, a JSON object (a custom scalar), or a
/// reference to another record.
public enum CacheValue: Sendable, Hashable {
    /// `null`.
    case null
    /// A Boolean.
    case bool(Bool)
    /// An integer.
    case int(Int)
    /// A floating-point number.
    case double(Double)
    /// A string (also IDs and enum values).
    case string(String)
    /// Another record.
    case reference(CacheKey)
    /// A list.
    case list([CacheValue])
    /// A JSON object that is a leaf value (a custom scalar).
    case object([String: CacheValue])

    /// A leaf JSON value as stored (arrays become lists, objects stay objects).
    public init(_ json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .int(number)
        case .double(let number): self = .double(number)
        case .string(let text): self = .string(text)
        case .array(let items): self = .list(items.map(CacheValue.init))
        case .object(let fields): self = .object(fields.mapValues(CacheValue.init))
        }
    }

    /// The value as JSON; a reference becomes its key's text (readers resolve references
    /// themselves, driven by the selections).
    public var jsonValue: JSONValue {
        switch self {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .double(let number): return .double(number)
        case .string(let text): return .string(text)
        case .reference(let key): return .string(key.rawValue)
        case .list(let items): return .array(items.map(\.jsonValue))
        case .object(let fields): return .object(fields.mapValues(\.jsonValue))
        }
    }

    /// The referenced key, or nil.
    public var reference: CacheKey? {
        if case .reference(let key) = self { return key }
        return nil
    }

    /// Calls `body` for every record this value references (in lists too).
    public func forEachReference(_ body: (CacheKey) -> Void) {
        switch self {
        case .reference(let key): body(key)
        case .list(let items): for item in items { item.forEachReference(body) }
        default: break
        }
    }
}

extension CacheValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: CacheValue...) { self = .list(elements) }
}
