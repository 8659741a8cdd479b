extension Lexer {
    /// StringValue (Section 2.9.4): `"` StringCharacter* `"`, with escapes. Returns the end offset.
    /// When `value` is non-nil the decoded UTF-8 is appended to it.
    func readString(at start: Int, into value: inout [UInt8]?) throws(SyntaxError) -> Int {
        var position = start + 1
        var chunkStart = position
        while true {
            position = skipPlainStringBytes(from: position)
            guard position < bytes.count else { break }
            let code = bytes[position]
            if code == 0x22 {
                value?.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<position]))
                return position + 1
            }
            if code == 0x5C {  // backslash
                value?.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<position]))
                let (scalar, size): (UInt32, Int)
                if byte(at: position + 1) == 0x75 {  // u
                    (scalar, size) = byte(at: position + 2) == 0x7B
                        ? try readVariableWidthUnicodeEscape(at: position)
                        : try readFixedWidthUnicodeEscape(at: position)
                } else {
                    (scalar, size) = try readEscapedCharacter(at: position)
                }
                if value != nil { Lexer.appendUTF8(scalar, to: &value!) }
                position += size
                chunkStart = position
                continue
            }
            break  // \n or \r
        }
        throw error("Unterminated string.", at: position)
    }

    /// `\u{` HexDigit+ `}` — at most 12 characters, a Unicode scalar value.
    func readVariableWidthUnicodeEscape(at position: Int) throws(SyntaxError) -> (UInt32, Int) {
        var point: UInt32 = 0
        var size = 3
        var failedOnNonASCII = false
        while size < 12 {
            let code = byte(at: position + size)
            size += 1
            if code == 0x7D {  // }
                if size < 5 || !Lexer.isScalarValue(point) { break }
                return (point, size)
            }
            guard let digit = Lexer.hexValue(code) else {
                failedOnNonASCII = code >= 0x80
                break
            }
            point = (point << 4) | digit
            if point > 0x7FFF_FFFF { break }  // graphql-js works in 32-bit signed integers
        }
        var end = min(position + size, bytes.count)
        if failedOnNonASCII, let (_, length) = scalar(at: end - 1) { end = min(end - 1 + length, bytes.count) }
        throw error("Invalid Unicode escape sequence: \"\(text(position, end))\".", at: position)
    }

    /// `\u` HexDigit{4}, or a surrogate pair of two such escapes.
    func readFixedWidthUnicodeEscape(at position: Int) throws(SyntaxError) -> (UInt32, Int) {
        if let code = readHex4(at: position + 2) {
            if Lexer.isScalarValue(code) { return (code, 6) }
            if code >= 0xD800 && code <= 0xDBFF,
               byte(at: position + 6) == 0x5C, byte(at: position + 7) == 0x75,
               let trailing = readHex4(at: position + 8), trailing >= 0xDC00 && trailing <= 0xDFFF {
                return (0x10000 + ((code - 0xD800) << 10) + (trailing - 0xDC00), 12)
            }
        }
        let end = offset(advancingUTF16: 6, from: position)
        throw error("Invalid Unicode escape sequence: \"\(text(position, end))\".", at: position)
    }

    /// `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`.
    func readEscapedCharacter(at position: Int) throws(SyntaxError) -> (UInt32, Int) {
        switch byte(at: position + 1) {
        case 0x22: return (0x22, 2)
        case 0x5C: return (0x5C, 2)
        case 0x2F: return (0x2F, 2)
        case 0x62: return (0x08, 2)
        case 0x66: return (0x0C, 2)
        case 0x6E: return (0x0A, 2)
        case 0x72: return (0x0D, 2)
        case 0x74: return (0x09, 2)
        default:
            let end = offset(advancingUTF16: 2, from: position)
            throw error("Invalid character escape sequence: \"\(text(position, end))\".", at: position)
        }
    }

    func readHex4(at position: Int) -> UInt32? {
        var value: UInt32 = 0
        for index in 0..<4 {
            guard let digit = Lexer.hexValue(byte(at: position + index)) else { return nil }
            value = (value << 4) | digit
        }
        return value
    }

    static func hexValue(_ code: Int) -> UInt32? {
        switch code {
        case 0x30...0x39: return UInt32(code - 0x30)
        case 0x41...0x46: return UInt32(code - 0x37)
        case 0x61...0x66: return UInt32(code - 0x57)
        default: return nil
        }
    }

    static func isScalarValue(_ code: UInt32) -> Bool {
        code <= 0xD7FF || (code >= 0xE000 && code <= 0x10FFFF)
    }

    static func appendUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
        guard let unicodeScalar = Unicode.Scalar(scalar) else { return }
        UTF8.encode(unicodeScalar) { bytes.append($0) }
    }

    /// BlockString (Section 2.9.4): `"""` BlockStringCharacter* `"""`. Returns the end offset;
    /// the value is computed on demand by `blockStringValue`.
    func readBlockString(at start: Int) throws(SyntaxError) -> Int {
        var position = start + 3
        while true {
            position = skipPlainBlockStringBytes(from: position)
            guard position < bytes.count else { break }
            let code = bytes[position]
            if code == 0x22 && byte(at: position + 1) == 0x22 && byte(at: position + 2) == 0x22 {
                return position + 3
            }
            if code == 0x5C && byte(at: position + 1) == 0x22 && byte(at: position + 2) == 0x22 && byte(at: position + 3) == 0x22 {
                position += 4  // \"""
                continue
            }
            position += 1
        }
        throw error("Unterminated string.", at: position)
    }
}
