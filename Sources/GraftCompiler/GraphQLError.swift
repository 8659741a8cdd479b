import GraftLanguage

/// A schema or validation error with graphql-js's message and the locations it reports.
public struct GraphQLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message, worded as graphql-js 16 words it.
    public var message: String
    /// The locations, in graphql-js's order (may be empty).
    public var locations: [SourceSpan]
    /// For a syntax error that is a parser limit (`ParseOptions.maxTokens`, `maxDepth`), the
    /// limit, so a tool can say how to raise it; nil otherwise.
    public var exceededLimit: ParseLimit?

    /// Creates an error.
    public init(_ message: String, locations: [SourceSpan] = []) {
        self.message = message
        self.locations = locations
    }

    /// Diagnostics to print: an error at the first location, a note at each further one.
    /// Errors without a location are reported against `fallbackSourceName`.
    public func diagnostics(fallbackSourceName: String = "<schema>") -> [Diagnostic] {
        guard let first = locations.first else {
            return [Diagnostic(message: message, sourceName: fallbackSourceName, location: nil, lineText: nil)]
        }
        var result = [Diagnostic(message: message, sourceName: first.source.name, location: first.location,
                                 lineText: first.source.lineText(containingByte: first.range.start))]
        for span in locations.dropFirst() {
            result.append(Diagnostic(message: "also here", sourceName: span.source.name, location: span.location,
                                     lineText: span.source.lineText(containingByte: span.range.start), severity: .note))
        }
        return result
    }

    /// The first diagnostic, rendered.
    public var description: String {
        diagnostics().map(\.rendered).joined(separator: "\n")
    }
}
