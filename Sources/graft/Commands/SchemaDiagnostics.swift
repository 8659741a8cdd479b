import GraftCompiler
import GraftLanguage

/// Prints `GraphQLError`s to standard error as `path:line:column: error: message` with the source
/// line and a caret, extra locations as `note:` lines; at most `limit` errors. A file over the token
/// limit is reported as `path: error: message (raise the limit with --max-tokens N)`.
enum SchemaDiagnostics {
    /// The most errors printed; a last line says how many more there were.
    static let limit = 100

    /// Writes the errors to standard error.
    static func report(_ errors: [GraphQLError], fallbackSourceName: String = "graft") {
        let lines = lines(errors, fallbackSourceName: fallbackSourceName)
        if !lines.isEmpty { StandardError.write(lines.joined(separator: "\n")) }
    }

    /// The lines `report(_:fallbackSourceName:)` writes.
    static func lines(_ errors: [GraphQLError], fallbackSourceName: String = "graft") -> [String] {
        var lines: [String] = []
        for error in errors.prefix(limit) {
            if let overLimit = ParseLimitOption.hint(for: error) {
                lines.append(overLimit.rendered)
            } else {
                lines.append(contentsOf: error.diagnostics(fallbackSourceName: fallbackSourceName).map(\.rendered))
            }
        }
        if errors.count > limit { lines.append("graft: error: \(errors.count - limit) more errors not shown") }
        return lines
    }
}
