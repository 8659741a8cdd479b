/// The server's errors for one field of a model: the field is null in the response and the
/// response's `errors` say why. What reading a semantically non-null field (`@semanticNonNull`)
/// throws, and what a field under `@catch(to: RESULT)` holds as its failure.
public struct GraphQLFieldError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The errors whose path points at the field or into it (a non-null field below it whose
    /// error nulled it), in the order of the response; never empty.
    public let errors: [GraphQLResponseError]

    /// Creates a field error; `errors` must not be empty.
    public init(errors: [GraphQLResponseError]) {
        precondition(!errors.isEmpty, "a field error needs at least one error")
        self.errors = errors
    }

    /// The first error.
    public var error: GraphQLResponseError { errors[0] }

    /// The response path of the first error (`hero.name`, `hero.friends[2]`), without `data`.
    public var path: ResponsePath? { errors[0].path }

    /// The first error's description: its message and path.
    public var description: String { errors[0].description }
}

/// A field whose error is caught where it is read (`@catch(to: RESULT)`), or the stored value
/// behind a semantically non-null field's throwing property.
public typealias FieldResult<Value> = Result<Value, GraphQLFieldError>

/// A ``FieldResult`` of any value type, as a generated memberwise initializer passes it: the
/// failure goes into the response object it assembles as a field error marker.
protocol FieldErrorCarrier {
    var fieldError: GraphQLFieldError? { get }
}

extension Result: FieldErrorCarrier where Failure == GraphQLFieldError {
    var fieldError: GraphQLFieldError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

extension Result: OutputValue where Success: OutputValue, Failure == GraphQLFieldError {
    /// A value present in the response; a field error is only known to the object holding the
    /// field (``ObjectData/fieldResult(_:)``).
    @_spi(Generated) public static func __decode(_ value: JSONValue?) throws(ResponseDecodingError) -> Self {
        .success(try Success.__decode(value))
    }

    @_spi(Generated) public static var __outputType: OutputType { Success.__outputType.nullable }

    /// The value, or null for a failure (its errors go beside it, under ``ObjectData/fieldErrorsKey``).
    @_spi(Generated) public var __jsonValue: JSONValue {
        switch self {
        case .success(let value): return value.__jsonValue
        case .failure: return .null
        }
    }
}

extension Result where Failure == GraphQLFieldError {
    /// The value, or nil for a failure.
    public var value: Success? {
        if case .success(let value) = self { return value }
        return nil
    }

    /// The field error, or nil for a value.
    public var error: GraphQLFieldError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

extension ObjectData {
    /// The key under which a response object carries the errors of its fields that are null
    /// because of an error: `{"<response key>": [<errors>]}`, put there when a response with
    /// `errors` is decoded (``FieldErrorMarkers``) and when a cached object is read. Not a GraphQL
    /// name, so it never collides with a response key.
    public static let fieldErrorsKey = "@fieldErrors"

    /// The errors the response gave for the field `key` of this object, or nil.
    public func fieldError(_ key: String) -> GraphQLFieldError? {
        guard case .object(let markers)? = fields[Self.fieldErrorsKey], case .array(let items)? = markers[key] else { return nil }
        let errors = items.compactMap(GraphQLResponseError.init(json:))
        return errors.isEmpty ? nil : GraphQLFieldError(errors: errors)
    }

    /// The field `key` as `T`, or its field error: a failure when the response gave an error for
    /// the field (it is null, or holds a null that the error explains, such as a list item), else
    /// the value, which must decode as `T` (a null where `T` has no room for one, without an
    /// error, is a decoding error: the server broke the schema's promise).
    @_spi(Generated)
    public func fieldResult<T: OutputValue>(_ key: String) throws(ResponseDecodingError) -> FieldResult<T> {
        if fields[Self.fieldErrorsKey] != nil, let fieldError = fieldError(key) { return .failure(fieldError) }
        do {
            return .success(try T.__decode(fields[key]))
        } catch {
            // A non-null field below that failed in place (`onError: "NULL"`) fails this one.
            let error = explained(error, key)
            if let fieldError = error.fieldError { return .failure(fieldError) }
            throw error
        }
    }

    /// The field `key` as `T`, or nil when it is null or has an error (`@catch(to: NULL)`); nulls
    /// inside it that `T` has no room for must come with an error, as for ``fieldResult(_:)``.
    @_spi(Generated)
    public func nullOnError<T: OutputValue>(_ key: String) throws(ResponseDecodingError) -> T? {
        switch fields[key] {
        case nil, .null?: return nil
        default: return try fieldResult(key).value
        }
    }

    /// ``nullOnError(_:)`` for a field a type case takes over from its parent, which decoded it already.
    @_spi(Generated)
    public subscript<T: OutputValue>(nullOnError key: String) -> T? {
        do {
            return try nullOnError(key)
        } catch {
            preconditionFailure("the type case has no '\(key)' of its parent: build it with the parent's initializer (\(error))")
        }
    }

    /// ``fieldResult(_:)`` for a field a type case takes over from its parent, which decoded it
    /// already (see ``subscript(field:)``).
    @_spi(Generated)
    public subscript<T: OutputValue>(fieldResult key: String) -> FieldResult<T> {
        do {
            return try fieldResult(key)
        } catch {
            preconditionFailure("the type case has no '\(key)' of its parent: build it with the parent's initializer (\(error))")
        }
    }
}
