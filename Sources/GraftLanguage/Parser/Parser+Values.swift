extension Parser {
    /// Value[Const] (Section 2.9): Variable (unless Const), IntValue, FloatValue, StringValue,
    /// BooleanValue, NullValue, EnumValue, ListValue[?Const], ObjectValue[?Const].
    mutating func parseValueLiteral(isConst: Bool) throws(SyntaxError) -> Value {
        let token = self.token
        let tokenRange = SourceRange(checkedStart: token.start, end: token.end)
        switch token.kind {
        case .bracketLeft:
            try enter()
            let values = try any(.bracketLeft, .bracketRight) { (parser: inout Parser) throws(SyntaxError) in
                try parser.parseValueLiteral(isConst: isConst)
            }
            leave()
            return .list(values, range(from: token.start))
        case .braceLeft:
            try enter()
            let fields = try any(.braceLeft, .braceRight) { (parser: inout Parser) throws(SyntaxError) in
                try parser.parseObjectField(isConst: isConst)
            }
            leave()
            return .object(fields, range(from: token.start))
        case .int:
            try advance()
            return .int(lexer.text(token.start, token.end), tokenRange)
        case .float:
            try advance()
            return .float(lexer.text(token.start, token.end), tokenRange)
        case .string, .blockString:
            return .string(try parseStringLiteral())
        case .name:
            try advance()
            if lexer.tokenText(token, equals: "true") { return .boolean(true, tokenRange) }
            if lexer.tokenText(token, equals: "false") { return .boolean(false, tokenRange) }
            if lexer.tokenText(token, equals: "null") { return .null(tokenRange) }
            return .enumValue(lexer.text(token.start, token.end), tokenRange)
        case .dollar:
            if isConst {
                try expect(.dollar)
                if self.token.kind == .name {
                    let name = lexer.text(self.token.start, self.token.end)
                    throw error("Unexpected variable \"$\(name)\" in constant value.", at: token.start)
                }
                throw unexpected(token)
            }
            return .variable(try parseVariable())
        default:
            throw unexpected()
        }
    }

    /// ObjectField[Const] : Name : Value[?Const]
    mutating func parseObjectField(isConst: Bool) throws(SyntaxError) -> ObjectField {
        let start = token.start
        let name = try parseName()
        try expect(.colon)
        let value = try parseValueLiteral(isConst: isConst)
        return ObjectField(name: name, value: value, range: range(from: start))
    }

    /// StringValue, decoded (block strings dedented) when read.
    @inline(__always)
    mutating func parseStringLiteral() throws(SyntaxError) -> StringValue {
        let token = self.token
        try advance()
        return StringValue(sourceBytes: lexer.source.bytes, block: token.kind == .blockString,
                           range: SourceRange(checkedStart: token.start, end: token.end))
    }
}
