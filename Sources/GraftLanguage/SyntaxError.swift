/// A GraphQL syntax error, with graphql-js's message and the position it reports.
public struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message, starting with `Syntax Error: ` as in graphql-js.
    public let message: String
    /// The source the error is in.
    public let sourceName: String
    /// The byte offset of the error.
    public let byteOffset: Int
    /// Line and column (UTF-16) of the error.
    public let location: SourceLocation
    /// The text of the line holding the error (for the caret display).
    public let lineText: String

    /// Creates an error at a byte offset of a source; `message` is the text after `Syntax Error: `.
    public init(_ message: String, source: Source, byteOffset: Int) {
        self.message = "Syntax Error: " + message
        self.sourceName = source.name
        self.byteOffset = byteOffset
        self.location = source.location(ofByte: byteOffset)
        self.lineText = source.lineText(containingByte: byteOffset)
    }

    /// The diagnostic as `path:line:column: error: message` followed by the source line and a caret.
    public var description: String {
        Diagnostic(message: message, sourceName: sourceName, location: location, lineText: lineText).rendered
    }
}
