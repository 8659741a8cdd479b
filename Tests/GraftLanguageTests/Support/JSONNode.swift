import Foundation

/// A comparable JSON tree, for comparing our AST with graphql-js's recorded ASTs.
indirect enum JSONNode: Equatable, CustomStringConvertible {
    case object([String: JSONNode])
    case array([JSONNode])
    case string(String)
    case number(Int)
    case bool(Bool)
    case null

    /// Converts a JSONSerialization value.
    init(_ any: Any) {
        switch any {
        case let dictionary as [String: Any]: self = .object(dictionary.mapValues(JSONNode.init))
        case let array as [Any]: self = .array(array.map(JSONNode.init))
        case let string as String: self = .string(string)
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" { self = .bool(number.boolValue) } else { self = .number(number.intValue) }
        default: self = .null
        }
    }

    var description: String {
        switch self {
        case .object(let fields):
            return "{" + fields.keys.sorted().map { "\($0): \(fields[$0]!)" }.joined(separator: ", ") + "}"
        case .array(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .string(let text): return "\"\(text)\""
        case .number(let number): return "\(number)"
        case .bool(let flag): return "\(flag)"
        case .null: return "null"
        }
    }
}
