/// A message about a place in a source, rendered the way Xcode and SwiftPM show diagnostics:
/// `path:line:column: error: message`, then the source line and a caret under the column.
public struct Diagnostic: Sendable, Hashable {
    /// How serious the diagnostic is.
    public enum Severity: String, Sendable, Hashable {
        /// Stops the command (exit status 1).
        case error
        /// Informational.
        case warning
        /// An additional location of an earlier diagnostic.
        case note
    }

    /// The message (for syntax errors it starts with `Syntax Error: `).
    public var message: String
    /// The source name (path) the diagnostic points into.
    public var sourceName: String
    /// The position, or nil for a diagnostic about a whole file.
    public var location: SourceLocation?
    /// The text of the line at `location`, shown under the message.
    public var lineText: String?
    /// The severity.
    public var severity: Severity

    /// Creates a diagnostic.
    public init(message: String, sourceName: String, location: SourceLocation?, lineText: String?, severity: Severity = .error) {
        self.message = message
        self.sourceName = sourceName
        self.location = location
        self.lineText = lineText
        self.severity = severity
    }

    /// The most characters of a message shown; longer messages (one quoting a huge value) end in `…`.
    public static let maxMessageLength = 1000
    /// The most UTF-16 code units of the source line shown; a longer line is shown as a window of
    /// this width around the column, with `…` where it was cut.
    public static let maxLineLength = 160

    /// `path:line:column: severity: message`, plus the source line and a caret when known. Bounded
    /// however large the input: the message and the line are clipped (see ``maxMessageLength`` and
    /// ``maxLineLength``).
    public var rendered: String {
        let message = message.utf8.count <= Self.maxMessageLength ? message : message.prefix(Self.maxMessageLength) + "…"
        guard let location else { return "\(sourceName): \(severity.rawValue): \(message)" }
        var text = "\(sourceName):\(location.line):\(location.column): \(severity.rawValue): \(message)"
        if let lineText {
            let (shown, caret) = Self.clip(lineText, column: location.column)
            text += "\n" + shown + "\n" + caret + "^"
        }
        return text
    }

    /// The part of `line` to show and the padding that puts a caret under `column` (UTF-16 units,
    /// 1-based): the whole line when short, else a window around the column. Tabs are kept in the
    /// padding so the caret lines up in a terminal.
    static func clip(_ line: String, column: Int) -> (text: String, caretPadding: String) {
        let target = max(0, column - 1)
        let length = line.utf8.count <= maxLineLength ? line.utf16.count : Int.max
        let start = length <= maxLineLength ? 0 : max(0, target - maxLineLength / 2)
        let end = start + maxLineLength
        var shown = start > 0 ? "…" : ""
        var caret = start > 0 ? " " : ""
        var units = 0
        var cut = false
        for scalar in line.unicodeScalars {
            if units >= end {
                cut = true
                break
            }
            if units >= start {
                shown.unicodeScalars.append(scalar)
                if units < target { caret.append(scalar == "\t" ? "\t" : " ") }
            }
            units += scalar.utf16.count
        }
        if cut { shown += "…" }
        // A column past the end of the line (an error at the end of the file) keeps its caret there.
        return (shown, caret)
    }
}
