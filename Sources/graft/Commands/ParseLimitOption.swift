import GraftCompiler
import GraftLanguage

/// `--max-tokens N`, the parser's token limit, for every command that parses GraphQL (`print`,
/// `validate`, `print-schema`, `generate`): read here once and passed to the loaders as
/// `ParseOptions`; a file over the limit gets an error that names the option (`hint(for:)`).
enum ParseLimitOption {
    /// The option's name.
    static let name = "--max-tokens"
    /// The default limit, `ParseOptions.default.maxTokens`.
    static let defaultLimit = ParseOptions.default.maxTokens ?? 0
    /// The option's description in a command's usage, after its name and padding.
    static let summary = "The most tokens one GraphQL file may hold (default \(defaultLimit))."

    /// Removes `--max-tokens N` from `arguments` and returns the parse options it sets.
    static func parse(_ arguments: inout ArgumentList) throws(UsageError) -> ParseOptions {
        var options = ParseOptions.default
        guard let text = try arguments.value(for: name) else { return options }
        guard let limit = Int(text), limit > 0 else {
            let shown = text.count <= 40 ? text : text.prefix(40) + "…"
            throw UsageError(message: "'\(name)' needs a positive whole number of tokens, not '\(shown)'")
        }
        options.maxTokens = limit
        return options
    }

    /// A file over the token limit as a diagnostic about the whole file (where the count ran out
    /// says nothing), with graphql-js's message and how to raise the limit; nil for other errors.
    static func hint(for error: GraphQLError) -> Diagnostic? {
        guard case .maxTokens = error.exceededLimit, let file = error.locations.first?.source.name else { return nil }
        return Diagnostic(message: error.message + " (raise the limit with \(name) N)", sourceName: file, location: nil, lineText: nil)
    }
}
