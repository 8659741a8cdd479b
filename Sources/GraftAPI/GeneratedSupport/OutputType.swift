/// The GraphQL shape of a value in a selection: what the executor needs to normalize a response
/// into cache records and read it back.
public indirect enum OutputType: Sendable {
    /// A scalar or enum value.
    case leaf
    /// An object with a selection set.
    case object(any SelectionSet.Type)
    /// A list.
    case list(OutputType)
    /// A non-null wrapper.
    case nonNull(OutputType)

    /// The type without a non-null wrapper.
    public var nullable: OutputType {
        if case .nonNull(let inner) = self { return inner }
        return self
    }
}

/// A value that can appear in a response: scalars, enums, lists, optionals and selection sets.
/// Generated models are built from JSON through this protocol.
public protocol OutputValue: Sendable {
    /// Decodes the value from JSON (nil when the key is missing). Errors have paths relative to the value.
    @_spi(Generated) static func __decode(_ value: JSONValue?) throws(ResponseDecodingError) -> Self
    /// The GraphQL shape of the type (non-null unless it is an `Optional`).
    @_spi(Generated) static var __outputType: OutputType { get }
    /// The value as JSON, as a response would hold it (what generated initializers assemble).
    @_spi(Generated) var __jsonValue: JSONValue { get }
}

extension Optional: OutputValue where Wrapped: OutputValue {
    @_spi(Generated) public static func __decode(_ value: JSONValue?) throws(ResponseDecodingError) -> Self {
        switch value {
        case .none, .null?: return nil
        case let value?: return try Wrapped.__decode(value)
        }
    }

    @_spi(Generated) public static var __outputType: OutputType { Wrapped.__outputType.nullable }
    @_spi(Generated) public var __jsonValue: JSONValue { self?.__jsonValue ?? .null }
}

extension Array: OutputValue where Element: OutputValue {
    @_spi(Generated) public static func __decode(_ value: JSONValue?) throws(ResponseDecodingError) -> Self {
        guard case .array(let elements)? = value else { throw .typeMismatch(expected: "list", found: value) }
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            do {
                result.append(try Element.__decode(element))
            } catch {
                throw error.prepending(.index(index))
            }
        }
        return result
    }

    @_spi(Generated) public static var __outputType: OutputType { .nonNull(.list(Element.__outputType)) }
    @_spi(Generated) public var __jsonValue: JSONValue { .array(map(\.__jsonValue)) }
}
