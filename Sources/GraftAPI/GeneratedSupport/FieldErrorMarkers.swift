/// Puts each error of a response beside the null it explains, so that the model decoding the
/// object holding the field finds it (``ObjectData/fieldResult(_:)``) and the normalized cache
/// stores it with the field.
///
/// An error belongs to the field where its path first reaches a null: the field itself, an item
/// of its lists, or (when a non-null field below it failed and the server nulled the nearest
/// nullable position, as the specification's error propagation does) the field holding that
/// position. It is put, as it came, under ``ObjectData/fieldErrorsKey`` of the object holding
/// that field, keyed by the field's response key. An error whose path reaches no null (or
/// leaves the data) is left where it was: in the response's `errors` only.
package enum FieldErrorMarkers {
    /// `data` with the errors attached; `data` itself when none has a path.
    package static func attach(_ errors: [GraphQLResponseError], to data: JSONValue) -> JSONValue {
        var data = data
        for error in errors {
            guard let path = error.path?.components, !path.isEmpty else { continue }
            _ = attach(error.jsonValue, path[...], in: &data)
        }
        return data
    }

    /// Whether every error of `errors` explains a null of `data` (then the response, errors and
    /// all, can be written to the cache and read back the same).
    package static func explainsAll(_ errors: [GraphQLResponseError], in data: JSONValue) -> Bool {
        errors.allSatisfy { error in
            guard let path = error.path?.components, !path.isEmpty else { return false }
            var copy = data
            return attach(.null, path[...], in: &copy)
        }
    }

    private enum Outcome { case null, attached, missed }

    /// Attaches `error` to the object `value` for the field `path.first`; whether it found a null.
    private static func attach(_ error: JSONValue, _ path: ArraySlice<ResponsePath.Component>, in value: inout JSONValue) -> Bool {
        guard case .object(var fields) = value, case .key(let key)? = path.first, var child = fields[key] else { return false }
        switch descend(&child, path.dropFirst(), error) {
        case .missed:
            return false
        case .attached:
            fields[key] = child
        case .null:
            var markers = fields[ObjectData.fieldErrorsKey]?.objectValue ?? [:]
            var list: [JSONValue] = []
            if case .array(let existing)? = markers[key] { list = existing }
            list.append(error)
            markers[key] = .array(list)
            fields[ObjectData.fieldErrorsKey] = .object(markers)
        }
        value = .object(fields)
        return true
    }

    /// Follows `path` through the lists of a field's value to a null (the field's own) or into
    /// an object (attaching there).
    private static func descend(_ value: inout JSONValue, _ path: ArraySlice<ResponsePath.Component>, _ error: JSONValue) -> Outcome {
        switch value {
        case .null:
            return .null
        case .array(var items):
            guard case .index(let index)? = path.first, items.indices.contains(index) else { return .missed }
            let outcome = descend(&items[index], path.dropFirst(), error)
            if outcome == .attached { value = .array(items) }
            return outcome
        case .object:
            return attach(error, path, in: &value) ? .attached : .missed
        default:
            return .missed
        }
    }

    /// Whether `value` is null or a list holding a null (at any depth of lists, not inside objects).
    package static func holdsNull(_ value: JSONValue) -> Bool {
        switch value {
        case .null: return true
        case .array(let items): return items.contains(where: holdsNull)
        default: return false
        }
    }
}
