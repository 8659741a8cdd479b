/// A JSON value: what GraphQL responses, variables and cache records are made of.
///
/// Equality is JSON's: `77` and `77.0` are the same number, so a `Float` field a server sent as
/// `77` equals a model built with `77.0` (an integer and a double are equal when the double is
/// exactly that integer, and hash alike).
@frozen
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
    /// JSON's equality. Lists and objects are compared in a loop over pairs of values, not a
    /// recursion, so values as deep as the parser accepts compare on a thread with a small stack.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.array, .array), (.object, .object): return containersEqual(lhs, rhs)
        default: return scalarsEqual(lhs, rhs)
        }
    }

    /// Equality of two values of which at least one is not a list or object.
    private static func scalarsEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(left), .bool(right)): return left == right
        case let (.int(left), .int(right)): return left == right
        case let (.double(left), .double(right)): return left == right
        case let (.int(integer), .double(double)), let (.double(double), .int(integer)): return Int(exactly: double) == integer
        case let (.string(left), .string(right)): return left == right
        default: return false
        }
    }

    private static func containersEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        var pairs: [(JSONValue, JSONValue)] = [(lhs, rhs)]
        while let (left, right) = pairs.popLast() {
            switch (left, right) {
            case let (.array(leftItems), .array(rightItems)):
                guard leftItems.count == rightItems.count else { return false }
                for (leftItem, rightItem) in zip(leftItems, rightItems) {
                    guard leftItem.isContainer || rightItem.isContainer else {
                        if !scalarsEqual(leftItem, rightItem) { return false }
                        continue
                    }
                    pairs.append((leftItem, rightItem))
                }
            case let (.object(leftFields), .object(rightFields)):
                guard leftFields.count == rightFields.count else { return false }
                for (key, leftItem) in leftFields {
                    guard let rightItem = rightFields[key] else { return false }
                    guard leftItem.isContainer || rightItem.isContainer else {
                        if !scalarsEqual(leftItem, rightItem) { return false }
                        continue
                    }
                    pairs.append((leftItem, rightItem))
                }
            default:
                if !scalarsEqual(left, right) { return false }
            }
        }
        return true
    }

    /// Whether the value is a list or an object.
    package var isContainer: Bool {
        switch self {
        case .array, .object: return true
        default: return false
        }
    }

    /// Hashes the first `hashedDepth` levels (deeper lists and objects count by their kind and
    /// size), so hashing recurses no deeper than that whatever the value; values equal under `==`
    /// still hash alike.
    public func hash(into hasher: inout Hasher) {
        hash(into: &hasher, levelsLeft: Self.hashedDepth)
    }

    /// How many levels of lists and objects ``hash(into:)`` looks into.
    package static let hashedDepth = 16

    private func hash(into hasher: inout Hasher, levelsLeft: Int) {
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
        case .array(let value):
            hasher.combine(5 as UInt8)
            hasher.combine(value.count)
            guard levelsLeft > 0 else { return }
            for item in value { item.hash(into: &hasher, levelsLeft: levelsLeft - 1) }
        case .object(let value):
            hasher.combine(6 as UInt8)
            hasher.combine(value.count)
            guard levelsLeft > 0 else { return }
            // In any order, as a dictionary hashes: each field alone, the results combined by xor.
            var fields = 0
            for (key, item) in value {
                var fieldHasher = Hasher()
                fieldHasher.combine(key)
                item.hash(into: &fieldHasher, levelsLeft: levelsLeft - 1)
                fields ^= fieldHasher.finalize()
            }
            hasher.combine(fields)
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
