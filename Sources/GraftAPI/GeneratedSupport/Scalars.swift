extension String: OutputValue, InputValueConvertible {
    @_spi(Generated) public static func __decode(_ value: JSONValue?) throws(ResponseDecodingError) -> String {
        guard case .string(let text)? = value else { throw .typeMismatch(expected: "String", found: value) }
        return text
    }
    @_spi(Generated) public static var __outputType: OutputType { .nonNull(.leaf) }
    @_spi(Generated) public var __inputValue: InputValue { .value(.string(self)) }
    @_spi(Generated) public var __jsonValue: JSONValue { .string(self) }
}

extension Int: OutputValue, InputValueConvertible {
    @_spi(Generated) public static func __decode(_ value: JSONValue?) throws(ResponseDecodingError) -> Int {
        switch value {
        case .int(let number)?: return number
        case .double(let number)? where number == number.rounded() && abs(number) < 9.0e15: return Int(number)
        default: throw .typeMismatch(expected: "Int", found: value)
        }
    }
    @_spi(Generated) public static var __outputType: OutputType { .nonNull(.leaf) }
    @_spi(Generated) public var __inputValue: InputValue { .value(.int(self)) }
    @_spi(Generated) public var __jsonValue: JSONValue { .int(self) }
}

extension Double: OutputValue, InputValueConvertible {
    @_spi(Generated) public static func __decode(_ value: JSONValue?) throws(ResponseDecodingError) -> Double {
        switch value {
        case .double(let number)?: return number
        case .int(let number)?: return Double(number)
        default: throw .typeMismatch(expected: "Float", found: value)
        }
    }
    @_spi(Generated) public static var __outputType: OutputType { .nonNull(.leaf) }
    @_spi(Generated) public var __inputValue: InputValue { .value(.double(self)) }
    @_spi(Generated) public var __jsonValue: JSONValue { .double(self) }
}

extension Bool: OutputValue, InputValueConvertible {
    @_spi(Generated) public static func __decode(_ value: JSONValue?) throws(ResponseDecodingError) -> Bool {
        guard case .bool(let flag)? = value else { throw .typeMismatch(expected: "Boolean", found: value) }
        return flag
    }
    @_spi(Generated) public static var __outputType: OutputType { .nonNull(.leaf) }
    @_spi(Generated) public var __inputValue: InputValue { .value(.bool(self)) }
    @_spi(Generated) public var __jsonValue: JSONValue { .bool(self) }
}

/// A custom scalar's Swift type (configured per GraphQL scalar in graft.json). Conform your type
/// (for example a `Date` wrapper) by converting from and to its JSON representation.
public protocol CustomScalar: OutputValue, InputValueConvertible, Hashable {
    /// Creates the value from JSON; throw `ResponseDecodingError` for a bad value.
    init(jsonValue: JSONValue) throws(ResponseDecodingError)
    /// The JSON representation.
    var jsonValue: JSONValue { get }
}

// Not `@_spi(Generated)`, unlike the rest of the `__` API: these are the witnesses of an app's own
// `CustomScalar` conformance, written in a file that imports Graft without the SPI, which could
// not see them (the conformance would fail to compile).
extension CustomScalar {
    public static func __decode(_ value: JSONValue?) throws(ResponseDecodingError) -> Self {
        guard let value, value != .null else { throw .typeMismatch(expected: String(describing: Self.self), found: value) }
        return try Self(jsonValue: value)
    }
    public static var __outputType: OutputType { .nonNull(.leaf) }
    public var __inputValue: InputValue { .value(jsonValue) }
    public var __jsonValue: JSONValue { jsonValue }
}
