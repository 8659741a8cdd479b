/// A generated selection set model: stored `let` properties built from a response object, plus the
/// static metadata the executor and the cache walk.
public protocol SelectionSet: OutputValue, Hashable {
    /// The selections, in order.
    static var __selections: [Selection] { get }
    /// Builds the model from a response object.
    init(_ data: ObjectData) throws(ResponseDecodingError)
    /// The response object the model was built from (for cache writes).
    var __data: ObjectData { get }
}

extension SelectionSet {
    public static func __decode(_ value: JSONValue?) throws(ResponseDecodingError) -> Self {
        guard case .object(let fields)? = value else { throw .typeMismatch(expected: "object", found: value) }
        return try Self(ObjectData(fields))
    }

    public static var __outputType: OutputType { .nonNull(.object(Self.self)) }

    /// Decodes a response's `data` object; error paths start with `data`.
    public static func decode(data: JSONValue) throws(ResponseDecodingError) -> Self {
        do {
            return try __decode(data)
        } catch {
            throw error.prepending(.key("data"))
        }
    }
}

/// Equality and hashing of the response object the model was built from: every field is decoded
/// from `__data`, so this is what synthesized conformances computed, without a synthesized `==`
/// and `hash(into:)` per generated type (a fifth of a generated module's compile time).
extension SelectionSet {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.__data == rhs.__data }
    public func hash(into hasher: inout Hasher) { __data.hash(into: &hasher) }
}

/// A generated named fragment.
public protocol Fragment: SelectionSet {
    /// The fragment's definition in one-line form (sent with operations that use it).
    static var fragmentDefinition: String { get }
}

/// The fields of one response object, read by generated initializers.
public struct ObjectData: Sendable, Hashable {
    /// The response object's fields.
    public let fields: [String: JSONValue]

    /// Wraps a response object.
    public init(_ fields: [String: JSONValue]) {
        self.fields = fields
    }

    /// The value of a field, decoded as the property's type. Errors name the key.
    public subscript<T: OutputValue>(_ key: String) -> T {
        get throws(ResponseDecodingError) {
            do {
                return try T.__decode(fields[key])
            } catch {
                throw error.prepending(.key(key))
            }
        }
    }

    /// The object's `__typename`, or nil.
    public var typename: String? { fields["__typename"]?.stringValue }

    /// A type case: the object as `T` when its `__typename` is one of `possibleTypes`, else nil.
    public func typeCase<T: SelectionSet>(_ possibleTypes: [String]) throws(ResponseDecodingError) -> T? {
        guard let typename, possibleTypes.contains(typename) else { return nil }
        return try T(self)
    }

    /// The object as a fragment (or inline fragment) that always applies.
    public func fragment<T: SelectionSet>() throws(ResponseDecodingError) -> T {
        try T(self)
    }

    /// The object as a conditional fragment: nil when an `@include`/`@skip` condition excluded it
    /// (detected by its first non-`__typename` field being absent).
    public func conditionalFragment<T: SelectionSet>(_ possibleTypes: [String]? = nil) throws(ResponseDecodingError) -> T? {
        if let possibleTypes {
            guard let typename, possibleTypes.contains(typename) else { return nil }
        }
        for selection in T.__selections {
            if case .field(let field) = selection, field.responseKey != "__typename" {
                guard fields[field.responseKey] != nil else { return nil }
                break
            }
        }
        return try T(self)
    }
}
