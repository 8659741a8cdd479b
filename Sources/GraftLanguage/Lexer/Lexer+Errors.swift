extension Lexer {
    /// The Unicode scalar starting at a byte offset and its length in bytes (the source is valid UTF-8).
    func scalar(at position: Int) -> (value: UInt32, length: Int)? {
        guard position < bytes.count else { return nil }
        let lead = UInt32(bytes[position])
        let length: Int
        var value: UInt32
        switch lead {
        case 0..<0x80: return (lead, 1)
        case 0xC0..<0xE0: length = 2; value = lead & 0x1F
        case 0xE0..<0xF0: length = 3; value = lead & 0x0F
        case 0xF0..<0xF8: length = 4; value = lead & 0x07
        default: return (0xFFFD, 1)
        }
        guard position + length <= bytes.count else { return (0xFFFD, 1) }
        for index in 1..<length { value = (value << 6) | (UInt32(bytes[position + index]) & 0x3F) }
        return (value, length)
    }

    /// graphql-js's `printCodePointAt`: `<EOF>`, a quoted printable ASCII character, or `U+XXXX`.
    func describeCodePoint(at position: Int) -> String {
        guard let (value, _) = scalar(at: position) else { return "<EOF>" }
        if value >= 0x20 && value <= 0x7E {
            let character = String(UnicodeScalar(UInt8(value)))
            return character == "\"" ? "'\"'" : "\"\(character)\""
        }
        return Lexer.codePointName(value)
    }

    /// `U+XXXX`: upper-case hex, at least four digits.
    static func codePointName(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    func error(_ message: String, at position: Int) -> SyntaxError {
        SyntaxError(message, source: source, byteOffset: position)
    }

    @inline(never)
    func unexpectedCharacter(at position: Int) -> SyntaxError {
        if byte(at: position) == 0x27 {
            return error("Unexpected single quote character ('), did you mean to use a double quote (\")?", at: position)
        }
        return error("Unexpected character: \(describeCodePoint(at: position)).", at: position)
    }

    /// The byte offset `units` UTF-16 code units after `start`, clamped to the end of the source
    /// (graphql-js slices escape sequences for messages in UTF-16 units).
    func offset(advancingUTF16 units: Int, from start: Int) -> Int {
        var position = start
        var remaining = units
        while remaining > 0 && position < bytes.count {
            guard let (value, length) = scalar(at: position) else { break }
            remaining -= value > 0xFFFF ? 2 : 1
            position += length
        }
        return position
    }
}
