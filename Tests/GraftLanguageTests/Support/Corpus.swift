import Foundation
import GraftTestSupport

/// graphql-js's recorded cases and the GraphQL documents the round-trip and fuzz tests read, from
/// the conformance corpora (`Corpora`, outside the repository).
enum Corpus {
    /// The text of a corpus file.
    static func text(_ relativePath: String) throws -> String { try Corpora.text(relativePath) }

    /// The JSON array of cases in a corpus file.
    static func cases(_ relativePath: String) throws -> [[String: Any]] {
        let text = try Corpora.text(relativePath)
        let data = Data(replacingLoneSurrogateEscapes(in: text).utf8)
        return try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
    }

    /// Foundation's JSON parser rejects lone surrogate escapes and drops literal BOMs.
    /// It rejects `\uD800`-style lone surrogate escapes, which a few graphql-js
    /// cases contain (they are flagged `inputHasLoneSurrogate` and skipped); they become U+FFFD.
    static func replacingLoneSurrogateEscapes(in json: String) -> String {
        let scalars = Array(json.unicodeScalars)
        var result = String.UnicodeScalarView()
        func hex4(at index: Int) -> UInt32? {
            guard index + 4 <= scalars.count else { return nil }
            return UInt32(String(String.UnicodeScalarView(scalars[index..<index + 4])), radix: 16)
        }
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{FEFF}" {
                // Foundation drops a literal BOM inside JSON strings; keep it as an escape.
                result.append(contentsOf: "\\uFEFF".unicodeScalars)
                index += 1
                continue
            }
            guard scalar == "\\", index + 1 < scalars.count else {
                result.append(scalar)
                index += 1
                continue
            }
            if scalars[index + 1] == "u", let code = hex4(at: index + 2) {
                if (0xD800...0xDBFF).contains(code), index + 7 < scalars.count, scalars[index + 6] == "\\",
                   scalars[index + 7] == "u", let low = hex4(at: index + 8), (0xDC00...0xDFFF).contains(low) {
                    result.append(contentsOf: scalars[index..<index + 12])
                    index += 12
                } else if (0xD800...0xDFFF).contains(code) {
                    result.append(contentsOf: "\\uFFFD".unicodeScalars)
                    index += 6
                } else {
                    result.append(contentsOf: scalars[index..<index + 6])
                    index += 6
                }
            } else {
                result.append(contentsOf: scalars[index...index + 1])
                index += 2
            }
        }
        return String(result)
    }

    /// The GraphQL sources used by round-trip and fuzz tests.
    static let documents = [
        "graphql-js/kitchen-sink-query.v16.6.0.graphql",
        "graphql-js/kitchen-sink-sdl.v16.6.0.graphql",
        "graphql-js/kitchen-sink-sdl.16.x-HEAD.graphql",
        "graphql-js/validation-harness-schema.graphql",
        "schemas/github/schema-2024-07-08-503d8f1.graphql",
        "schemas/github/schema-2025-02-27-597478f.graphql",
        "schemas/shopify/storefront-2026-04.graphql",
        "schemas/shopify/customer-account-2026-04.graphql",
    ]
}
