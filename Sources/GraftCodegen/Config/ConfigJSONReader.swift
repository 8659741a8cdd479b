/// Reads JSON with `//` line comments (JSON has none; graft.json allows them) and positions.
///
/// Hostile input gives a ``ConfigSyntaxError``, never a crash or a long wait: nesting deeper than
/// ``maxDepth`` is an error (the reader recurses once per level), and columns are tracked as the
/// reader moves forward, so reading is linear in the size of the text even on one long line.
/// Columns count UTF-16 code units, as GraphQL diagnostics do.
struct ConfigJSONReader {
    /// The deepest nesting of arrays and objects accepted. A configuration needs three levels.
    static let maxDepth = 256
    /// The most characters of a key quoted in a message.
    static let maxQuotedLength = 80

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var depth = 0
    /// A position on the current line whose column is known; ``column`` counts on from it.
    private var columnMark = (index: 0, column: 1)

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

    /// The column of ``index``: the UTF-16 code units from the start of its line, plus one.
    /// Moves ``columnMark`` forward, so each byte is counted once.
    private mutating func column() -> Int {
        var (position, column) = columnMark
        while position < index {
            let byte = bytes[position]
            if byte & 0xC0 != 0x80 { column += byte >= 0xF0 ? 2 : 1 }  // a lead byte; 4-byte sequences are surrogate pairs
            position += 1
        }
        columnMark = (position, column)
        return column
    }

    private mutating func error(_ message: String) -> ConfigSyntaxError {
        ConfigSyntaxError(message: message, line: line, column: column())
    }

    /// Starts a new line at ``index``.
    private mutating func newLine() {
        line += 1
        columnMark = (index, 1)
    }

    private mutating func skipTrivia() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                index += 1
                newLine()
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
        let (startLine, startColumn) = (line, column())
        func make(_ kind: ConfigJSON.Kind) -> ConfigJSON { ConfigJSON(kind: kind, line: startLine, column: startColumn) }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            try enterNesting()
            defer { depth -= 1 }
            return make(.object(try members()))
        case UInt8(ascii: "["):
            try enterNesting()
            defer { depth -= 1 }
            return make(.array(try items()))
        case UInt8(ascii: "\""):
            return make(.string(try string()))
        case UInt8(ascii: "t"): try literal("true"); return make(.bool(true))
        case UInt8(ascii: "f"): try literal("false"); return make(.bool(false))
        case UInt8(ascii: "n"): try literal("null"); return make(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = index
            while index < bytes.count, "+-.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
            guard index - start <= 64, let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
                index = start
                throw error("invalid number")
            }
            return make(.number(number))
        default:
            let scalar = String(decoding: bytes[index..<min(bytes.count, index + 4)], as: UTF8.self).unicodeScalars.first
            throw error("unexpected character '\(scalar.map { String($0) } ?? "?")'")
        }
    }

    /// Counts one more level of nesting at an opening bracket, or throws when there are too many.
    private mutating func enterNesting() throws(ConfigSyntaxError) {
        guard depth < Self.maxDepth else {
            throw error("arrays and objects are nested more than \(Self.maxDepth) levels deep")
        }
        depth += 1
    }

    /// The members of the object whose `{` is at ``index``.
    private mutating func members() throws(ConfigSyntaxError) -> [ConfigJSON.Member] {
        index += 1
        var members: [ConfigJSON.Member] = []
        skipTrivia()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") { index += 1; return members }
        while true {
            skipTrivia()
            let (keyLine, keyColumn) = (line, column())
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
            let key = try string()
            skipTrivia()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after key \"\(Self.clipped(key))\"")
            }
            index += 1
            members.append(ConfigJSON.Member(key: key, line: keyLine, column: keyColumn, value: try value()))
            skipTrivia()
            guard index < bytes.count else { throw error("unexpected end of file, expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return members }
            throw error("expected ',' or '}'")
        }
    }

    /// The items of the array whose `[` is at ``index``.
    private mutating func items() throws(ConfigSyntaxError) -> [ConfigJSON] {
        index += 1
        var items: [ConfigJSON] = []
        skipTrivia()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") { index += 1; return items }
        while true {
            items.append(try value())
            skipTrivia()
            guard index < bytes.count else { throw error("unexpected end of file, expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return items }
            throw error("expected ',' or ']'")
        }
    }

    private mutating func literal(_ word: String) throws(ConfigSyntaxError) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, bytes[index..<index + expected.count].elementsEqual(expected) else {
            throw error("unexpected character, expected '\(word)'")
        }
        index += expected.count
    }

    private mutating func string() throws(ConfigSyntaxError) -> String {
        let start = index
        index += 1
        var result: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: result, as: UTF8.self)
            case UInt8(ascii: "\n"):
                index = start
                throw error("unterminated string")
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { break }
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
                          let scalar = Unicode.Scalar(value) else {
                        index -= 2
                        throw error("invalid \\u escape")
                    }
                    index += 4
                    result.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: result.append(escaped)
                }
            default:
                result.append(byte)
            }
        }
        index = start
        throw error("unterminated string")
    }

    /// `text` cut to `limit` characters with an ellipsis, so a message quoting a huge key or value
    /// stays short.
    static func clipped(_ text: String, to limit: Int = maxQuotedLength) -> String {
        text.utf8.count <= limit ? text : text.prefix(limit) + "…"
    }
}
