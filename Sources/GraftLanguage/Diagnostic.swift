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

    /// `path:line:column: severity: message`, plus the source line and a caret when known.
    public var rendered: String {
        guard let location else { return "\(sourceName): \(severity.rawValue): \(message)" }
        var text = "\(sourceName):\(location.line):\(location.column): \(severity.rawValue): \(message)"
        if let lineText {
            // Columns count UTF-16 code units; the caret line uses the same units, keeping tabs.
            var caret = ""
            var units = 0
            for scalar in lineText.unicodeScalars {
                if units >= location.column - 1 { break }
                caret.append(scalar == "\t" ? "\t" : " ")
                units += scalar.utf16.count
            }
            text += "\n" + lineText + "\n" + caret + "^"
        }
        return text
    }
}
