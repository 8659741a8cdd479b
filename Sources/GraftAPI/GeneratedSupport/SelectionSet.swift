/// A generated selection set model: stored `let` properties built from a response object, plus the
/// static metadata the executor and the cache walk.
public protocol SelectionSet: OutputValue, Hashable {
    /// What decoding a model throws (generated initializers write `throws(DecodeError)`).
    typealias DecodeError = ResponseDecodingError
    /// The selections, in order.
    @_spi(Generated) static var __selections: [Selection] { get }
    /// Builds the model from a response object.
    init(_ data: ObjectData) throws(ResponseDecodingError)
    /// The response object the model was built from (for cache writes).
    @_spi(Generated) var __data: ObjectData { get }
}

// The defaults below are generic entry points every generated type's witness thunks call. They
// are neither inlined nor specialized: specialized per type, each one (with the initializer it
// calls inlined) was optimized again in every generated type, the larger part of a generated
// module's release build, for one indirect call saved per decoded object.

extension SelectionSet {
    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    @_spi(Generated) public static func __decode(_ value: JSONValue?) throws(ResponseDecodingError) -> Self {
        guard case .object(let fields)? = value else { throw .typeMismatch(expected: "object", found: value) }
        // `__typename` is selected for the cache and type cases, not read by a model's
        // initializer: an object without it would decode, and then never be read from the cache.
        if fields["__typename"] == nil, selectsTypename(__selections) {
            throw ResponseDecodingError.typeMismatch(expected: "String", found: nil).prepending(.key("__typename"))
        }
        return try Self(ObjectData(fields))
    }

    @_spi(Generated) public static var __outputType: OutputType {
        @inline(never) @_semantics("optimize.sil.specialize.generic.never") get { .nonNull(.object(Self.self)) }
    }

    @_spi(Generated) public var __jsonValue: JSONValue {
        @inline(never) @_semantics("optimize.sil.specialize.generic.never") get { .object(__data.fields) }
    }

    /// Decodes a response's `data` object; error paths start with `data`.
    public static func decode(data: JSONValue) throws(ResponseDecodingError) -> Self {
        do {
            return try __decode(data)
        } catch {
            throw error.prepending(.key("data"))
        }
    }

    /// Decodes a response's `data` with its `errors` put beside the nulls they explain
    /// (``FieldErrorMarkers``), where fields with error handling (`@semanticNonNull`, `@catch`)
    /// read them as ``GraphQLFieldError``s.
    public static func decode(data: JSONValue, errors: [GraphQLResponseError]) throws(ResponseDecodingError) -> Self {
        try decode(data: errors.isEmpty ? data : FieldErrorMarkers.attach(errors, to: data))
    }
}

/// Whether `selections` select `__typename` unconditionally, themselves or through an inline
/// fragment that always applies.
func selectsTypename(_ selections: [Selection]) -> Bool {
    selections.contains { selection in
        switch selection {
        case .field(let field): field.responseKey == "__typename" && field.conditions.isEmpty
        case .inlineFragment(let fragment):
            fragment.possibleTypes == nil && fragment.conditions.isEmpty && fragment.deferredLabel == nil
                && selectsTypename(fragment.type.__selections)
        case .fragmentSpread: false
        }
    }
}

/// The `Fragments` of a generated selection set: its named fragments, `fragments.<name>`.
public protocol FragmentSet: Hashable, Sendable {}

/// Equality and hashing of the response object the model was built from: every field is decoded
/// from `__data`, so this is what synthesized conformances computed, without a synthesized `==`
/// and `hash(into:)` per generated type (a fifth of a generated module's compile time).
extension SelectionSet {
    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.__data == rhs.__data }

    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func hash(into hasher: inout Hasher) { __data.hash(into: &hasher) }

    /// Provided here so that no specialization of the standard default is made per generated type.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func _rawHashValue(seed: Int) -> Int { __data._rawHashValue(seed: seed) }

    /// Provided here so that no `hashValue` is synthesized per generated type.
    public var hashValue: Int {
        @inline(never) @_semantics("optimize.sil.specialize.generic.never") get { __data.hashValue }
    }
}

/// A generated named fragment.
public protocol Fragment: SelectionSet {
    /// The fragment's definition in one-line form (sent with operations that use it).
    static var fragmentDefinition: String { get }
}

extension SelectionSet {
    /// `self["key"]`: a field a type case takes over from its parent (``ObjectData/subscript(field:)``),
    /// as generated type cases write it.
    @_spi(Generated)
    public subscript<T: OutputValue>(_ key: String) -> T { __data[field: key] }
}

/// The fields of one response object, read by generated initializers.
@dynamicMemberLookup
public struct ObjectData: Sendable, Hashable {
    /// The response object's fields.
    public let fields: [String: JSONValue]

    /// Wraps a response object.
    public init(_ fields: [String: JSONValue]) {
        self.fields = fields
    }

    /// The value of a field, decoded as the property's type. Errors name the key. A null that
    /// the server explained with an error (``ResponseDecodingError/fieldError``) makes an optional
    /// field nil, as the server's error propagation would have.
    public subscript<T: OutputValue>(_ key: String) -> T {
        get throws(ResponseDecodingError) {
            do {
                return try T.__decode(fields[key])
            } catch {
                let error = explained(error, key)
                if error.fieldError != nil, !T.__outputType.isNonNull { return try T.__decode(nil) }
                throw error
            }
        }
    }

    /// `error` (from decoding the field `key`) with the key prepended, and the field's own errors
    /// when the null that failed is the field's.
    func explained(_ error: ResponseDecodingError, _ key: String) -> ResponseDecodingError {
        var error = error.prepending(.key(key))
        if error.fieldError == nil, fields[Self.fieldErrorsKey] != nil { error.fieldError = fieldError(key) }
        return error
    }

    /// `data.name`: the value of a field, as `self["name"]` (what generated initializers write).
    /// Transparent, so generated code calls `self["name"]` directly instead of a specialization
    /// of this subscript per field type. Public like `self[key]`, not `@_spi(Generated)`: the
    /// type's `@dynamicMemberLookup` needs it in GraftAPI's public module interface.
    public subscript<T: OutputValue>(dynamicMember key: String) -> T {
        @_transparent get throws(ResponseDecodingError) { try self[key] }
    }

    /// A field a type case takes over from its parent, read on each access: the response
    /// object always has it (the parent selects it) unless the type case was built on its own and
    /// not given to its parent's initializer, which stops with the field's name.
    @_spi(Generated)
    public subscript<T: OutputValue>(field key: String) -> T {
        do {
            return try T.__decode(fields[key])
        } catch {
            preconditionFailure("the type case has no '\(key)' of its parent: build it with the parent's initializer (\(error))")
        }
    }

    /// The object's `__typename`, or nil.
    public var typename: String? { fields["__typename"]?.stringValue }

    /// A type case: the object as `T` when its `__typename` is one of `possibleTypes`, else nil.
    public func typeCase<T: SelectionSet>(_ possibleTypes: [String]) throws(ResponseDecodingError) -> T? {
        guard let typename, possibleTypes.contains(typename) else { return nil }
        return try T(self)
    }

    /// A type case (or a fragment on a narrower type) of `parent`: the object as `T` when its
    /// `__typename` is one of the possible types `parent.__selections` gives `T`, else nil.
    @_spi(Generated)
    public func typeCase<T: SelectionSet>(_ parent: any SelectionSet.Type) throws(ResponseDecodingError) -> T? {
        let type = ObjectIdentifier(T.self)
        for selection in parent.__selections {
            switch selection {
            case .inlineFragment(let fragment) where ObjectIdentifier(fragment.type) == type:
                return try typeCase(in: fragment.possibleTypes ?? [])
            case .fragmentSpread(let spread) where ObjectIdentifier(spread.fragment) == type:
                return try typeCase(in: spread.possibleTypes ?? [])
            default:
                continue
            }
        }
        return nil
    }

    private func typeCase<T: SelectionSet>(in possibleTypes: Set<String>) throws(ResponseDecodingError) -> T? {
        guard let typename, possibleTypes.contains(typename) else { return nil }
        return try T(self)
    }

    /// The object as a fragment (or inline fragment) that always applies.
    public func fragment<T: SelectionSet>() throws(ResponseDecodingError) -> T {
        try T(self)
    }

    /// The object as a conditional fragment: nil when an `@include`/`@skip` condition excluded it
    /// (detected by its first non-`__typename` field being absent, or lacking the subfields the
    /// fragment selects when the enclosing selection set selects the field too).
    public func conditionalFragment<T: SelectionSet>(_ possibleTypes: [String]? = nil) throws(ResponseDecodingError) -> T? {
        if let possibleTypes {
            guard let typename, possibleTypes.contains(typename) else { return nil }
        }
        for selection in T.__selections {
            if case .field(let field) = selection, field.responseKey != "__typename" {
                guard let value = fields[field.responseKey], Selection.isComplete(value, as: field.type) else { return nil }
                break
            }
        }
        return try T(self)
    }
}
