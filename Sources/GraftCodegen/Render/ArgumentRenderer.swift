import GraftLanguage

/// Renders argument values as `GraftAPI.ArgumentValue` and constant values as `GraftAPI.JSONValue` literals.
enum ArgumentRenderer {
    /// `.variable("x")`, `.value(<JSON literal>)`, or `.list`/`.object` around variables.
    static func argument(_ value: Value) -> String {
        guard containsVariable(value) else { return ".value(\(json(value)))" }
        switch value {
        case .variable(let variable): return ".variable(\(SwiftNames.stringLiteral(variable.name.value)))"
        case .list(let items, _): return ".list([" + items.map(argument).joined(separator: ", ") + "])"
        case .object(let fields, _):
            return ".object([" + fields.map { "\(SwiftNames.stringLiteral($0.name.value)): \(argument($0.value))" }
                .joined(separator: ", ") + "])"
        default: return ".value(\(json(value)))"
        }
    }

    /// A `GraftAPI.JSONValue` literal for a constant value (variables become `nil`).
    static func json(_ value: Value) -> String {
        switch value {
        case .variable, .null: return "nil"
        case .int(let text, _): return text
        case .float(let text, _): return text.contains(".") || text.lowercased().contains("e") ? text : text + ".0"
        case .string(let string): return SwiftNames.stringLiteral(string.value)
        case .boolean(let flag, _): return flag ? "true" : "false"
        case .enumValue(let name, _): return SwiftNames.stringLiteral(name)
        case .list(let items, _): return "[" + items.map(json).joined(separator: ", ") + "]"
        case .object(let fields, _):
            if fields.isEmpty { return "[:]" }
            return "[" + fields.map { "\(SwiftNames.stringLiteral($0.name.value)): \(json($0.value))" }.joined(separator: ", ") + "]"
        }
    }

    static func containsVariable(_ value: Value) -> Bool {
        switch value {
        case .variable: return true
        case .list(let items, _): return items.contains(where: containsVariable)
        case .object(let fields, _): return fields.contains { containsVariable($0.value) }
        default: return false
        }
    }
}
