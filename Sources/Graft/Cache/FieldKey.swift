@_spi(Generated) import GraftAPI

/// Field keys: the field's name, plus its arguments as JSON with sorted keys when it has any,
/// variables resolved: `hero({"episode":"JEDI"})`. An argument given by a variable the operation
/// didn't receive is left out (the server uses the argument's default), so `hero` and
/// `hero(episode: $episode)` without `$episode` share a key.
public enum FieldKey {
    /// The key of a field selection for these variables.
    public static func make(_ field: Selection.Field, variables: [String: JSONValue]) -> String {
        if field.arguments.isEmpty { return field.name }
        var resolved: [String: JSONValue] = [:]
        for (name, argument) in field.arguments {
            if let value = argument.resolvedForKey(variables) { resolved[name] = value }
        }
        return make(name: field.name, arguments: resolved)
    }

    /// The key of a field selection without the arguments in `excluded` (a paginated field's
    /// paging arguments), and those arguments' resolved values.
    static func make(_ field: Selection.Field, variables: [String: JSONValue],
                     excluding excluded: Set<String>) -> (key: String, excluded: [String: JSONValue]) {
        var kept: [String: JSONValue] = [:]
        var dropped: [String: JSONValue] = [:]
        for (name, argument) in field.arguments {
            guard let value = argument.resolvedForKey(variables) else { continue }
            if excluded.contains(name) { dropped[name] = value } else { kept[name] = value }
        }
        return (make(name: field.name, arguments: kept), dropped)
    }

    /// The key of field `name` with argument values (for manual record access).
    public static func make(name: String, arguments: [String: JSONValue]) -> String {
        if arguments.isEmpty { return name }
        return name + "(" + JSONValue.object(arguments).serialized + ")"
    }
}

extension ArgumentValue {
    /// The value with variables substituted; nil for a variable that was not given (and such
    /// fields of input objects are left out).
    func resolvedForKey(_ variables: [String: JSONValue]) -> JSONValue? {
        switch self {
        case .variable(let name): return variables[name]
        case .value(let value): return value
        case .list(let items): return .array(items.map { $0.resolvedForKey(variables) ?? .null })
        case .object(let fields):
            var result: [String: JSONValue] = [:]
            for (name, value) in fields {
                if let resolved = value.resolvedForKey(variables) { result[name] = resolved }
            }
            return .object(result)
        }
    }
}
