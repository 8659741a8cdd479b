/// A value sent to the server as a variable or input field, or nothing at all.
@frozen
public enum InputValue: Sendable, Hashable {
    /// Leave the key out (a nullable variable or input field that was not given).
    case absent
    /// Send this JSON value (which may be `null`).
    case value(JSONValue)
}

/// A Swift value that can be sent as a GraphQL input value.
public protocol InputValueConvertible: Sendable {
    /// The value to send.
    @_spi(Generated) var __inputValue: InputValue { get }
    /// Appends the files (``GraphQLFile``s) inside the value to `files`, `path` being the value's
    /// own dotted path (`variables.input`); by default there are none.
    @_spi(Generated) func __collectFiles(at path: String, into files: inout [GraphQLUpload])
}

/// A nullable input: absent (the default: the key is not sent), explicitly `null`, or a value.
/// GraphQL distinguishes the first two (an absent argument takes its default value).
@frozen
public enum GraphQLNullable<Wrapped: InputValueConvertible & Hashable>: Sendable, Hashable, InputValueConvertible, ExpressibleByNilLiteral {
    /// Not sent.
    case absent
    /// Sent as `null`.
    case null
    /// Sent as a value.
    case some(Wrapped)

    /// `nil` means absent.
    public init(nilLiteral: ()) { self = .absent }

    /// Wraps a value.
    public init(_ value: Wrapped) { self = .some(value) }

    /// Absent when nil, else the value.
    public init(_ value: Wrapped?) { self = value.map(GraphQLNullable.some) ?? .absent }

    @_spi(Generated) public var __inputValue: InputValue {
        switch self {
        case .absent: return .absent
        case .null: return .value(.null)
        case .some(let wrapped): return wrapped.__inputValue
        }
    }
}

extension Array: InputValueConvertible where Element: InputValueConvertible {
    @_spi(Generated) public var __inputValue: InputValue {
        .value(.array(map { element in
            if case .value(let json) = element.__inputValue { return json }
            return .null
        }))
    }
}

extension Optional: InputValueConvertible where Wrapped: InputValueConvertible {
    /// nil is sent as `null` (use `GraphQLNullable` to leave a key out).
    @_spi(Generated) public var __inputValue: InputValue {
        switch self {
        case .none: return .value(.null)
        case .some(let wrapped): return wrapped.__inputValue
        }
    }
}

/// A generated input object (or `@oneOf` input enum): its fields as input values.
public protocol InputObject: InputValueConvertible, Hashable {
    /// The fields, absent ones included (they are dropped when encoding).
    @_spi(Generated) var __fields: [String: any InputValueConvertible] { get }
}

extension InputObject {
    @_spi(Generated) public var __inputValue: InputValue { .value(.object(InputValue.encode(__fields))) }
}

extension InputValue {
    /// Encodes variables or input fields, leaving out absent ones.
    public static func encode(_ fields: [String: any InputValueConvertible]) -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for (key, value) in fields {
            if case .value(let json) = value.__inputValue { result[key] = json }
        }
        return result
    }
}
