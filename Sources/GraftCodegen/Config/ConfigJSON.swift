/// A JSON value from `graft.json` with the line and column where it starts, so configuration
/// errors can point at the offending key or value. `JSONSerialization` keeps no positions.
struct ConfigJSON: Sendable {
    /// The value.
    enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([ConfigJSON])
        case object([Member])
    }

    /// An object member with the position of its key.
    struct Member: Sendable {
        let key: String
        let line: Int
        let column: Int
        let value: ConfigJSON
    }

    let kind: Kind
    let line: Int
    let column: Int

    /// `string`, `number`, `object`… for error messages.
    var typeName: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a Boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A syntax error in `graft.json`, with its position.
struct ConfigSyntaxError: Error {
    let message: String
    let line: Int
    let column: Int
}
