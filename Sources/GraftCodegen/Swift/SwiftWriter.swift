/// Builds Swift source text line by line, indented with one tab per level: a reader's editor
/// shows the width they chose, and generated code, nested four or five levels deep, is a quarter
/// smaller than with four spaces (output size is measured in bytes, see Documentation/Benchmarks.md).
struct SwiftWriter {
    private(set) var text = ""
    private var indentation = ""
    /// The schema fields (`Type.field`) whose description this file already carries.
    private var documentedFields: Set<String> = []

    /// The width of the current indentation, a tab counted as four columns.
    var column: Int { indentation.count * 4 }

    /// Whether `content` fits on one line at the current indentation (160 columns).
    func fits(_ content: String) -> Bool {
        let room = Self.maxLineWidth - column
        // A Character takes at least one byte: a short text fits without being counted, and a long
        // one is counted no further than the room there is.
        if content.utf8.count <= room { return true }
        return room >= 0 && content.dropFirst(room).isEmpty
    }

    /// The longest line generated code has, string literals apart (a test checks every golden).
    static let maxLineWidth = 160

    /// Appends one line at the current indentation (an empty line stays empty).
    mutating func line(_ content: String = "") {
        if !content.isEmpty { text += indentation + content }
        text += "\n"
    }

    /// Appends `/// ` lines for a description (nothing for nil or blank).
    mutating func documentation(_ description: String?) {
        guard let description else { return }
        if let lines = description.utf8.withContiguousStorageIfAvailable(Self.asciiDocumentationLines) ?? nil {
            for line in lines { self.line(line) }
            return
        }
        guard !description.allSatisfy(\.isWhitespace) else { return }
        // Every line break Swift knows (a lone `\r` too) starts a new `///` line: schema text never
        // ends a comment early.
        let lines = description.split(omittingEmptySubsequences: false) {
            $0 == "\n" || $0 == "\r\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}"
        }
        for line in lines {
            // Trailing blanks dropped by index: a reversed view rebuilt a String one Character at a time.
            var end = line.endIndex
            while end > line.startIndex, case let last = line[line.index(before: end)], last == " " || last == "\t" || last == "\r" {
                end = line.index(before: end)
            }
            self.line(end == line.startIndex ? "///" : "/// " + String(line[..<end]))
        }
    }

    /// The `///` lines of an ASCII description without `\r` (each byte a Character), cut and
    /// trimmed byte by byte as `documentation(_:)` cuts and trims Characters; none for a blank
    /// one; nil for any other text.
    private static func asciiDocumentationLines(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        var blank = true
        for byte in bytes {
            guard byte < 0x80 && byte != 0x0D else { return nil }
            if byte != 0x20 && !(0x09...0x0C).contains(byte) { blank = false }
        }
        guard !blank else { return [] }
        var lines: [String] = []
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            let next = end + 1
            while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
            lines.append(end == start ? "///" : "/// " + String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
            start = next
        }
        return lines
    }

    /// Appends a schema field's description the first time the file declares a property for
    /// that field (the same field selected in many places repeats the same text otherwise).
    mutating func fieldDocumentation(_ description: String?, field: String) {
        guard description != nil, documentedFields.insert(field).inserted else { return }
        documentation(description)
    }

    /// Appends `@available(*, deprecated, message: "...")` when `reason` is not nil.
    mutating func deprecation(_ reason: String?) {
        guard let reason else { return }
        line("@available(*, deprecated, message: \(SwiftNames.stringLiteral(reason)))")
    }

    /// Appends `prefix"""`, the text's lines, then `"""suffix`: a multi-line string literal
    /// whose value is `text` (or, when `oneLine` fits on the line, `prefix"oneLine"suffix`). The
    /// text and the closing delimiter start at the first column, like a here-document: the
    /// text keeps its own layout and no line pays for the indentation around it.
    mutating func multilineString(_ prefix: String, _ text: String, oneLine: String? = nil, suffix: String = "") {
        if let oneLine, fits(prefix + SwiftNames.stringLiteral(oneLine) + suffix) {
            line(prefix + SwiftNames.stringLiteral(oneLine) + suffix)
            return
        }
        line(prefix + "\"\"\"")
        if let body = text.utf8.withContiguousStorageIfAvailable(SwiftNames.asciiMultilineBody) ?? nil {
            self.text += body
        } else {
            for content in text.split(separator: "\n", omittingEmptySubsequences: false) {
                self.text += SwiftNames.multilineContent(String(content)) + "\n"
            }
        }
        self.text += "\"\"\"" + suffix + "\n"
    }
    /// Appends `items` separated by commas, as many a line as fit; `trailingComma` ends the last
    /// one with a comma too.
    mutating func packed(_ items: [String], trailingComma: Bool) {
        packed(items.enumerated().map { $1 + ($0 < items.count - 1 || trailingComma ? "," : "") }, separator: " ")
    }

    /// `pieces` joined by `separator`, as many a line as fit (a line break replaces the separator).
    mutating func packed(_ pieces: [String], separator: String) {
        var current = ""
        for piece in pieces {
            if !fits(piece) {
                // Too long for a line of its own: on lines of its own, broken inside its brackets.
                if !current.isEmpty { line(current) }
                current = ""
                wrapped(piece)
            } else if current.isEmpty {
                current = piece
            } else if fits(current + separator + piece) {
                current += separator + piece
            } else {
                line(current)
                current = piece
            }
        }
        if !current.isEmpty { line(current) }
    }

    /// Appends `header {`, the body indented, then `}`.
    mutating func block(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        indent(body)
        line("}")
    }

    /// Runs `body` one level deeper.
    mutating func indent(_ body: (inout SwiftWriter) -> Void) {
        let saved = indentation
        indentation += "\t"
        body(&self)
        indentation = saved
    }
}
