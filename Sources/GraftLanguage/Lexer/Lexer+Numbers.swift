extension Lexer {
    /// IntValue and FloatValue (Section 2.9.1 and 2.9.2): `-`? IntegerPart FractionalPart? ExponentPart?,
    /// not followed by `.` or a NameStart.
    @inline(never)
    func readNumber(at start: Int) throws(SyntaxError) -> Token {
        var position = start
        var code = byte(at: position)
        var isFloat = false
        if code == 0x2D {  // -
            position += 1
            code = byte(at: position)
        }
        if code == 0x30 {  // 0
            position += 1
            code = byte(at: position)
            if Lexer.isDigit(code) {
                throw error("Invalid number, unexpected digit after 0: \(describeCodePoint(at: position)).", at: position)
            }
        } else {
            position = try readDigits(at: position)
            code = byte(at: position)
        }
        if code == 0x2E {  // .
            isFloat = true
            position = try readDigits(at: position + 1)
            code = byte(at: position)
        }
        if code == 0x45 || code == 0x65 {  // E e
            isFloat = true
            position += 1
            code = byte(at: position)
            if code == 0x2B || code == 0x2D { position += 1 }  // + -
            position = try readDigits(at: position)
            code = byte(at: position)
        }
        if code == 0x2E || Lexer.isNameStart(code) {
            throw error("Invalid number, expected digit but got: \(describeCodePoint(at: position)).", at: position)
        }
        return Token(kind: isFloat ? .float : .int, start: start, end: position)
    }

    func readDigits(at start: Int) throws(SyntaxError) -> Int {
        guard Lexer.isDigit(byte(at: start)) else {
            throw error("Invalid number, expected digit but got: \(describeCodePoint(at: start)).", at: start)
        }
        var position = start + 1
        while position < bytes.count && Lexer.isDigit(Int(bytes[position])) { position += 1 }
        return position
    }
}
