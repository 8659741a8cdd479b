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

/// Reads JSON with `//` line comments (JSON has none; graft.json allows them) and positions.
struct ConfigJSONReader {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Reads one value followed by the end of the text.
    static func read(_ text: String) throws(ConfigSyntaxError) -> ConfigJSON {
        var reader = ConfigJSONReader(text)
        let value = try reader.value()
        reader.skipTrivia()
        if reader.index < reader.bytes.count { throw reader.error("unexpected text after the JSON value") }
        return value
    }

    private var column: Int { String(decoding: bytes[lineStart..<index], as: UTF8.self).count + 1 }

    private func error(_ message: String) -> ConfigSyntaxError {
        ConfigSyntaxError(message: message, line: line, column: column)
    }

    private mutating func skipTrivia() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
            default:
                return
            }
        }
    }

    private mutating func value() throws(ConfigSyntaxError) -> ConfigJSON {
        skipTrivia()
        guard index < bytes.count else { throw error("unexpected end of file, expected a value") }
        let (startLine, startColumn) = (line, column)
        func make(_ kind: ConfigJSON.Kind) -> ConfigJSON { ConfigJSON(kind: kind, line: startLine, column: startColumn) }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [ConfigJSON.Member] = []
            skipTrivia()
            if index < bytes.count && bytes[index] == UInt8(ascii: "}") { index += 1; return make(.object(members)) }
            while true {
                skipTrivia()
                let (keyLine, keyColumn) = (line, column)
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
                let key = try string()
                skipTrivia()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after key \"\(key)\"") }
                index += 1
                members.append(ConfigJSON.Member(key: key, line: keyLine, column: keyColumn, value: try value()))
                skipTrivia()
                guard index < bytes.count else { throw error("unexpected end of file, expected ',' or '}'") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return make(.object(members)) }
                throw error("expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            index += 1
            var items: [ConfigJSON] = []
            skipTrivia()
            if index < bytes.count && bytes[index] == UInt8(ascii: "]") { index += 1; return make(.array(items)) }
            while true {
                items.append(try value())
                skipTrivia()
                guard index < bytes.count else { throw error("unexpected end of file, expected ',' or ']'") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return make(.array(items)) }
                throw error("expected ',' or ']'")
            }
        case UInt8(ascii: "\""):
            return make(.string(try string()))
        case UInt8(ascii: "t"): try literal("true"); return make(.bool(true))
        case UInt8(ascii: "f"): try literal("false"); return make(.bool(false))
        case UInt8(ascii: "n"): try literal("null"); return make(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = index
            while index < bytes.count, "+-.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
            guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else { throw error("invalid number") }
            return make(.number(number))
        default:
            throw error("unexpected character '\(String(decoding: [bytes[index]], as: UTF8.self))'")
        }
    }

    private mutating func literal(_ word: String) throws(ConfigSyntaxError) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error("unexpected character, expected '\(word)'")
        }
        index += expected.count
    }

    private mutating func string() throws(ConfigSyntaxError) -> String {
        index += 1
        var result: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: result, as: UTF8.self)
            case UInt8(ascii: "\n"): throw error("unterminated string")
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw error("unterminated string") }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "r"): result.append(0x0D)
                case UInt8(ascii: "b"): result.append(0x08)
                case UInt8(ascii: "f"): result.append(0x0C)
                case UInt8(ascii: "u"):
                    guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
                          let scalar = Unicode.Scalar(value) else { throw error("invalid \\u escape") }
                    index += 4
                    result.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: result.append(escaped)
                }
            default:
                result.append(byte)
            }
        }
        throw error("unterminated string")
    }
}
