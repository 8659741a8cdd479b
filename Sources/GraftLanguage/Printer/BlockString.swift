/// Printing a value as a block string (Section 2.9.4) exactly as graphql-js 16's `printBlockString`
/// does. (Lexing and dedenting live in `Lexer.blockStringValue`.)
public enum BlockString {
    /// Prints `value` as a block string (`"""..."""`), byte-identical to graphql-js 16.
    public static func print(_ value: String, minimize: Bool = false) -> String {
        let escaped = value.replacing("\"\"\"", with: "\\\"\"\"")
        let lines = splitLines(escaped)
        let isSingleLine = lines.count == 1
        let forceLeadingNewLine = lines.count > 1 && lines.dropFirst().allSatisfy { line in
            line.isEmpty || line.utf8.first == 0x20 || line.utf8.first == 0x09
        }
        let hasTrailingTripleQuotes = escaped.hasSuffix("\\\"\"\"")
        let hasTrailingQuote = value.hasSuffix("\"") && !hasTrailingTripleQuotes
        let hasTrailingSlash = value.hasSuffix("\\")
        let forceTrailingNewline = hasTrailingQuote || hasTrailingSlash
        let printAsMultipleLines = !minimize
            && (!isSingleLine || value.utf16.count > 70 || forceTrailingNewline || forceLeadingNewLine || hasTrailingTripleQuotes)
        var result = ""
        let first = value.utf8.first
        let skipLeadingNewLine = isSingleLine && (first == 0x20 || first == 0x09)
        if (printAsMultipleLines && !skipLeadingNewLine) || forceLeadingNewLine { result += "\n" }
        result += escaped
        if printAsMultipleLines || forceTrailingNewline { result += "\n" }
        return "\"\"\"" + result + "\"\"\""
    }

    /// Splits at `\r\n`, `\n` or `\r`.
    static func splitLines(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        var lineStart = text.utf8.startIndex
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == 0x0A || byte == 0x0D {
                lines.append(Substring(utf8[lineStart..<index]))
                var next = utf8.index(after: index)
                if byte == 0x0D && next != utf8.endIndex && utf8[next] == 0x0A { next = utf8.index(after: next) }
                index = next
                lineStart = index
            } else {
                index = utf8.index(after: index)
            }
        }
        lines.append(Substring(utf8[lineStart..<utf8.endIndex]))
        return lines
    }
}
