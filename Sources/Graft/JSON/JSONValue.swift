/// A JSON value: what GraphQL responses, variables and cache records are made of.
///
/// Equality is JSON's: `77` and `77.0` are the same number, so a `Float` field a server sent as
/// `77` equals a model built with `77.0` (an integer and a double are equal when the double is
/// exactly that integer, and hash alike).
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without fraction or exponent that fits in `Int`.
    case int(Int)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object (key order is not kept).
    case object([String: JSONValue])

    /// A short name of the value's kind for error messages: `null`, `Boolean`, `Int`, `Float`,
    /// `String`, `list` or `object`.
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "Boolean"
        case .int: return "Int"
        case .double: return "Float"
        case .string: return "String"
        case .array: return "list"
        case .object: return "object"
        }
    }

    /// The object's fields, or nil.
    public var objectValue: [String: JSONValue]? {
        if case .object(let fields) = self { return fields }
        return nil
    }

    /// The string, or nil.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

extension JSONValue {
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(left), .bool(right)): return left == right
        case let (.int(left), .int(right)): return left == right
        case let (.double(left), .double(right)): return left == right
        case let (.int(integer), .double(double)), let (.double(double), .int(integer)): return Int(exactly: double) == integer
        case let (.string(left), .string(right)): return left == right
        case let (.array(left), .array(right)): return left == right
        case let (.object(left), .object(right)): return left == right
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0 as UInt8)
        case .bool(let value): hasher.combine(1 as UInt8); hasher.combine(value)
        case .int(let value): hasher.combine(2 as UInt8); hasher.combine(value)
        case .double(let value):
            // An integral double hashes as the integer it equals.
            if let integer = Int(exactly: value) {
                hasher.combine(2 as UInt8); hasher.combine(integer)
            } else {
                hasher.combine(3 as UInt8); hasher.combine(value)
            }
        case .string(let value): hasher.combine(4 as UInt8); hasher.combine(value)
        case .array(let value): hasher.combine(5 as UInt8); hasher.combine(value)
        case .object(let value): hasher.combine(6 as UInt8); hasher.combine(value)
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
