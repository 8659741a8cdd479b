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
    /// The `ParseOptions` limit the document exceeded, when that is the error (so a tool can say
    /// how to raise it); nil for every other syntax error.
    public let exceededLimit: ParseLimit?

    /// Creates an error at a byte offset of a source; `message` is the text after `Syntax Error: `.
    public init(_ message: String, source: Source, byteOffset: Int, exceededLimit: ParseLimit? = nil) {
        self.message = "Syntax Error: " + message
        self.exceededLimit = exceededLimit
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
