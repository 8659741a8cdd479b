/// A generated GraphQL enum: a Swift enum whose raw values are the GraphQL names.
public protocol EnumType: RawRepresentable, CaseIterable, Sendable, Hashable where RawValue == String {}

/// An enum value from a response: a known case, or a value the schema added after the code was
/// generated (so old apps keep working when the server grows).
@frozen
public enum GraphQLEnum<Known: EnumType>: Sendable, Hashable, OutputValue, InputValueConvertible {
    /// A case the generated code knows.
    case value(Known)
    /// A value unknown to the generated code.
    case unknown(String)

    /// Wraps a raw GraphQL value.
    public init(rawValue: String) {
        self = Known(rawValue: rawValue).map(GraphQLEnum.value) ?? .unknown(rawValue)
    }

    /// Wraps a known case.
    public init(_ known: Known) {
        self = .value(known)
    }

    /// The GraphQL name of the value.
    public var rawValue: String {
        switch self {
        case .value(let known): return known.rawValue
        case .unknown(let raw): return raw
        }
    }

    /// The known case, or nil for unknown values.
    public var known: Known? {
        if case .value(let known) = self { return known }
        return nil
    }

    @_spi(Generated) public static func __decode(_ value: JSONValue?) throws(ResponseDecodingError) -> GraphQLEnum {
        guard case .string(let raw)? = value else {
            throw .typeMismatch(expected: String(describing: Known.self), found: value)
        }
        return GraphQLEnum(rawValue: raw)
    }

    @_spi(Generated) public static var __outputType: OutputType { .nonNull(.leaf) }
    @_spi(Generated) public var __inputValue: InputValue { .value(.string(rawValue)) }
    @_spi(Generated) public var __jsonValue: JSONValue { .string(rawValue) }

    /// Compares with a known case: `hero.appearsIn == .jedi`.
    public static func == (lhs: GraphQLEnum, rhs: Known) -> Bool { lhs.known == rhs }

    /// Whether the value is not that known case (an unknown value never is).
    public static func != (lhs: GraphQLEnum, rhs: Known) -> Bool { lhs.known != rhs }

    /// Matches a known case in a `switch`: `case .advanced:`.
    public static func ~= (pattern: Known, value: GraphQLEnum) -> Bool { value.known == pattern }
}

/// Compares an optional value with a known case: `course?.level == .advanced` (false for nil).
public func == <Known: EnumType>(lhs: GraphQLEnum<Known>?, rhs: Known) -> Bool { lhs?.known == rhs }

/// Whether an optional value is not that known case (true for nil).
public func != <Known: EnumType>(lhs: GraphQLEnum<Known>?, rhs: Known) -> Bool { lhs?.known != rhs }
