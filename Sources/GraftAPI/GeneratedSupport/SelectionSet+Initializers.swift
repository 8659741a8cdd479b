extension SelectionSet {
    /// What a generated memberwise initializer delegates to: assembles the response object the
    /// fields, type cases and fragments stand for, and decodes the model from it, so a model built
    /// in code is `==` to the one decoded from the matching response and is ready for cache writes
    /// (optimistic updates).
    /// - Parameters:
    ///   - typename: the object's `__typename`, or nil for a root selection set or a type case
    ///     on an abstract type (whose parent gives it).
    ///   - values: the values of the selection set's fields, in the order of `__selections`
    ///     (each response key once, `__typename` left out when `typename` is given); nil for a
    ///     field under `@include`/`@skip` leaves it out (the response would not have it), and
    ///     `.some(nil)` (a nullable one's parameter is a double optional) includes it as null.
    ///   - parts: type cases and fragments (nil when absent), their response objects merged in;
    ///     the first one whose `__typename` differs from `typename` keeps its own (`typename`, a
    ///     literal for a concrete type, is only the default), so a model reads back what it was given.
    ///   - deferred: the `@defer` fragments, as ``Deferred`` values (fulfilled: their fields are
    ///     merged in; failed: marked so; pending: left out).
    @_spi(Generated) @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public init(_ typename: String?, _ values: [any OutputValue], _ parts: (any SelectionSet)?...,
                deferred: any Sendable...) {
        self.init(assembling: typename, values, parts, deferred)
    }

    /// The initializer above for a selection set without type cases, fragments or deferred
    /// fragments (most of them): the call site builds no empty variadic arrays.
    @_spi(Generated) @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public init(_ typename: String?, _ values: [any OutputValue]) {
        self.init(assembling: typename, values, [], [])
    }

    private init(assembling typename: String?, _ values: [any OutputValue], _ parts: [(any SelectionSet)?],
                 _ deferred: [any Sendable]) {
        var object: [String: JSONValue] = [:]
        if let typename { object["__typename"] = .string(typename) }
        var fields: [Selection.Field] = []
        var seen: Set<String> = []
        for case .field(let field) in Self.__selections where typename == nil || field.responseKey != "__typename" {
            if seen.insert(field.responseKey).inserted {
                fields.append(field)
            } else if field.conditions.isEmpty, let index = fields.firstIndex(where: { $0.responseKey == field.responseKey }) {
                fields[index] = field
            }
        }
        precondition(fields.count == values.count, "\(Self.self): \(values.count) values for \(fields.count) fields")
        for (field, value) in zip(fields, values) {
            if !field.conditions.isEmpty, Self.isNone(value) { continue }
            object[field.responseKey] = value.__jsonValue
        }
        let given = object["__typename"]
        for case let part? in parts {
            object = Self.merged(object, part.__data.fields)
            if object["__typename"] == given, let own = part.__data.fields["__typename"] { object["__typename"] = own }
        }
        for case let state as any DeferredFields in deferred { object = Self.merged(object, state.fields(in: Self.__selections)) }
        do {
            try self.init(ObjectData(object))
        } catch {
            preconditionFailure("\(Self.self) built from values does not decode: \(error)")
        }
    }

    /// Whether `value` is an optional holding nothing: the outer one, so a double optional's
    /// `.some(nil)` is a value (an included null).
    private static func isNone(_ value: any OutputValue) -> Bool {
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }

    /// `base` with the fields of `other` it lacks; objects present in both are merged field by
    /// field, lists of the same length element by element (a type case or fragment selects more
    /// fields of an object the selection set selects too).
    private static func merged(_ base: [String: JSONValue], _ other: [String: JSONValue]) -> [String: JSONValue] {
        var result = base
        for (key, value) in other {
            guard let existing = result[key] else {
                result[key] = value
                continue
            }
            result[key] = merged(existing, value)
        }
        return result
    }

    private static func merged(_ base: JSONValue, _ other: JSONValue) -> JSONValue {
        switch (base, other) {
        case (.object(let left), .object(let right)):
            return .object(merged(left, right))
        case (.array(let left), .array(let right)) where left.count == right.count:
            return .array(zip(left, right).map { merged($0, $1) })
        default:
            return base
        }
    }
}
