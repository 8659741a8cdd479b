import GraftLanguage

/// A problem with `graft.json`: where it is and what is wrong, printed like GraphQL errors as
/// `path:line:column: error: message`, then the line of the file and a caret under the column.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The configuration file.
    public let path: String
    /// The line (1-based), or 0 when the problem is the file itself.
    public let line: Int
    /// The column (1-based), or 0.
    public let column: Int
    /// What is wrong.
    public let message: String
    /// The text of `line`, shown under the message (set by the parser, which has the text).
    public var lineText: String?
    /// The other problems found in the same file, printed after this one.
    public var more: [ConfigurationError] = []

    /// Creates an error.
    public init(path: String, line: Int = 0, column: Int = 0, message: String, lineText: String? = nil) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.lineText = lineText
    }

    /// `path:line:column: error: message` and the source line with a caret (or `path: error:
    /// message` without a position), then each of ``more`` the same way.
    public var description: String {
        let location = line > 0 ? SourceLocation(line: line, column: column, utf16Offset: 0) : nil
        let rendered = Diagnostic(message: message, sourceName: path, location: location, lineText: lineText).rendered
        return ([rendered] + more.map(\.description)).joined(separator: "\n")
    }

    /// This error (and ``more``) with the text of its line taken from `text`.
    func quotingLine(of text: String) -> ConfigurationError {
        var copy = self
        copy.more = more.map { $0.quotingLine(of: text) }
        guard line > 0, lineText == nil else { return copy }
        // Lines end at LF bytes, as the reader counts them (a CRLF is one Character, so split bytes).
        guard let bytes = text.utf8.split(separator: 0x0A, maxSplits: line, omittingEmptySubsequences: false)
            .dropFirst(line - 1).first else { return copy }
        copy.lineText = String(decoding: bytes.last == 0x0D ? bytes.dropLast() : bytes, as: UTF8.self)
        return copy
    }
}
