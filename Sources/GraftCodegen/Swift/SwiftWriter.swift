/// Builds Swift source text line by line with four-space indentation.
struct SwiftWriter {
    private(set) var text = ""
    private var indentation = ""

    /// Appends one line at the current indentation (an empty line stays empty).
    mutating func line(_ content: String = "") {
        if !content.isEmpty { text += indentation + content }
        text += "\n"
    }

    /// Appends `/// ` lines for a description (nothing for nil or blank).
    mutating func documentation(_ description: String?) {
        guard let description, !description.allSatisfy(\.isWhitespace) else { return }
        for line in description.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.reversed().drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" }).reversed()
            self.line(trimmed.isEmpty ? "///" : "/// " + String(trimmed))
        }
    }

    /// Appends `@available(*, deprecated, message: "...")` when `reason` is not nil.
    mutating func deprecation(_ reason: String?) {
        guard let reason else { return }
        line("@available(*, deprecated, message: \(SwiftNames.stringLiteral(reason)))")
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
        indentation += "    "
        body(&self)
        indentation = saved
    }
}
