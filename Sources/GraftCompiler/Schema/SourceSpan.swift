import GraftLanguage

/// A range in a particular source: how the schema model and errors point back into files.
public struct SourceSpan: Sendable, Hashable {
    /// The source (file) the range is in.
    public let source: Source
    /// The byte range.
    public let range: SourceRange

    /// Creates a span.
    public init(source: Source, range: SourceRange) {
        self.source = source
        self.range = range
    }

    /// The line and UTF-16 column of the start of the span.
    public var location: SourceLocation { source.location(ofByte: range.start) }
}
