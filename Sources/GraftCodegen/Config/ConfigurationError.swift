/// A problem with `graft.json`: where it is and what is wrong, printed as
/// `path:line:column: error: message`.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The configuration file.
    public let path: String
    /// The line (1-based), or 0 when the problem is the file itself.
    public let line: Int
    /// The column (1-based), or 0.
    public let column: Int
    /// What is wrong.
    public let message: String

    /// Creates an error.
    public init(path: String, line: Int = 0, column: Int = 0, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `path:line:column: error: message` (or `path: error: message` without a position).
    public var description: String {
        line > 0 ? "\(path):\(line):\(column): error: \(message)" : "\(path): error: \(message)"
    }
}
