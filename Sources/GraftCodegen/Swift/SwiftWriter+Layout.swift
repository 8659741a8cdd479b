/// Layout of the constructs generated code repeats: functions, signatures and lists on one line
/// when they fit in `SwiftWriter.maxLineWidth`, else spread over lines.
extension SwiftWriter {
    /// `header { a; b }` on one line when it fits, else one statement per line.
    /// With `packed`, a body that does not fit on one line takes several statements a line.
    mutating func function(_ header: String, _ statements: [String], separator: String = "; ", packed: Bool = false) {
        let single = header + " { " + statements.joined(separator: separator) + " }"
        if fits(single) {
            line(single)
        } else if packed {
            block(header) { body in body.packed(statements, separator: "; ") }
        } else {
            block(header) { body in for statement in statements { body.wrapped(statement) } }
        }
    }

    /// `text` on one line when it fits, else broken inside its first bracket or parenthesis that
    /// holds several comma-separated items: `head(` or `head[`, the items as many a line as fit
    /// (an item too long for a line broken the same way), then the closing bracket and the rest.
    /// Text without such a group stays on one line.
    mutating func wrapped(_ text: String) {
        guard !fits(text), let contents = Self.firstListGroup(text) else {
            line(text)
            return
        }
        line(String(text[..<contents.lowerBound]))
        indent { body in
            let items = Self.splitTopLevel(String(text[contents]))
            var current = ""
            for (index, item) in items.enumerated() {
                let piece = item + (index < items.count - 1 ? "," : "")
                if current.isEmpty, body.fits(piece) {
                    current = piece
                } else if body.fits(current + " " + piece) {
                    current += " " + piece
                } else {
                    if !current.isEmpty { body.line(current) }
                    current = ""
                    if body.fits(piece) { current = piece } else { body.wrapped(piece) }
                }
            }
            if !current.isEmpty { body.line(current) }
        }
        line(String(text[contents.upperBound...]))
    }

    /// The contents (between the brackets) of the first `(…)` or `[…]` of `text`, outside
    /// string literals, that holds more than one top-level item.
    static func firstListGroup(_ text: String) -> Range<String.Index>? {
        var opens: [String.Index] = []
        var groups: [Range<String.Index>] = []
        var inLiteral = false
        var escaped = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if inLiteral {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inLiteral = false }
            } else if character == "\"" {
                inLiteral = true
            } else if character == "(" || character == "[" {
                opens.append(text.index(after: index))
            } else if (character == ")" || character == "]"), let open = opens.popLast() {
                groups.append(open..<index)
            }
            index = text.index(after: index)
        }
        // Groups close innermost first; the first to open is the outermost candidate.
        return groups.sorted { $0.lowerBound < $1.lowerBound }
            .first { splitTopLevel(String(text[$0])).count > 1 }
    }

    /// `prefix(a: A, b: B) { statements }` on one line when it fits, else the statements one per
    /// line (as many a line as fit with `packed`) after `openSignature`.
    mutating func function(_ prefix: String, parameters: [String], _ statements: [String], packed: Bool = false) {
        let single = prefix + "(" + parameters.joined(separator: ", ") + ") { " + statements.joined(separator: "; ") + " }"
        if fits(single) {
            line(single)
            return
        }
        openSignature(prefix, parameters)
        indent { body in
            if packed {
                body.packed(statements, separator: "; ")
            } else {
                for statement in statements { body.line(statement) }
            }
        }
        line("}")
    }

    /// `prefix(a: A, b: B) {` on one line when it fits, else the parameters one per line.
    mutating func openSignature(_ prefix: String, _ parameters: [String]) {
        let header = prefix + "(" + parameters.joined(separator: ", ") + ") {"
        if fits(header) || parameters.isEmpty {
            line(header)
            return
        }
        line(prefix + "(")
        indent { list in list.packed(parameters, trailingComma: false) }
        line(") {")
    }

    /// `prefix[a, b]` on one line when it fits, else one item per line.
    /// `packed`: as many items a line as fit (parameters and values, which read as a sentence),
    /// rather than one a line (selections, which read as a column).
    mutating func list(prefix: String, _ items: [String], close: String = "]", brackets: Bool = true, packed: Bool = false) {
        let open = brackets ? "[" : ""
        let single = prefix + open + items.joined(separator: ", ") + close
        if fits(single) || items.isEmpty {
            line(single)
            return
        }
        line(prefix + open)
        if packed {
            indent { body in body.packed(items, trailingComma: brackets) }
            line(close)
            return
        }
        indent { body in
            for (index, item) in items.enumerated() {
                let comma = index < items.count - 1 || brackets ? "," : ""
                // A field with many arguments: the arguments one per line.
                if !body.fits(item + comma), let start = item.range(of: "arguments: ["), item.hasSuffix("])") {
                    let inner = String(item[start.upperBound..<item.index(item.endIndex, offsetBy: -2)])
                    body.list(prefix: String(item[..<start.upperBound]), Self.splitTopLevel(inner), close: "])" + comma, brackets: false)
                } else {
                    body.wrapped(item + comma)
                }
            }
        }
        line(close)
    }

    /// `text` split at the commas outside brackets, parentheses and string literals.
    static func splitTopLevel(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var inLiteral = false
        var escaped = false
        for character in text {
            if inLiteral {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inLiteral = false }
            } else if character == "\"" {
                inLiteral = true
            } else if character == "[" || character == "(" {
                depth += 1
            } else if character == "]" || character == ")" {
                depth -= 1
            } else if character == ",", depth == 0 {
                parts.append(String(current.drop { $0 == " " }))
                current = ""
                continue
            }
            current.append(character)
        }
        if !current.isEmpty { parts.append(String(current.drop { $0 == " " })) }
        return parts
    }
}
