import Foundation
import GraftTestSupport
import GraftCompiler
import GraftLanguage

/// Loads schema inputs as the oracle script names them: `corpora/...` in the conformance corpora,
/// other paths relative to the package root.
enum SchemaFixtures {
    /// Whether an input is in the conformance corpora (outside the repository).
    static func isCorpus(_ path: String) -> Bool { path.hasPrefix("corpora/") }

    /// The bytes of an input file.
    static func data(_ path: String) throws -> Data {
        if isCorpus(path) { return try Corpora.data(String(path.dropFirst("corpora/".count))) }
        return try Data(contentsOf: Repository.url(path))
    }

    /// The sources of SDL files.
    static func sources(_ paths: [String]) throws -> [Source] {
        try paths.map { Source(String(decoding: try data($0), as: UTF8.self), name: $0) }
    }

    /// Parsed SDL files (paths relative to the package root).
    static func documents(_ paths: [String]) throws -> [Located<Document>] {
        try sources(paths).map { Located(try parse($0), source: $0) }
    }

    /// Decodes a JSON file under `Tests/GraftCompilerTests/Expected`.
    static func expected<T: Decodable>(_ name: String, as type: T.Type) -> T? {
        guard let data = try? Data(contentsOf: TestPaths.expected.appendingPathComponent(name)) else { return nil }
        return try? JSONDecoder().decode(T.self, from: data)
    }

    /// An error as `message @ line:column,...`, for comparing with graphql-js.
    static func describe(_ error: GraphQLError) -> String {
        error.message + " @ " + error.locations.map { "\($0.location.line):\($0.location.column)" }.joined(separator: ",")
    }
}
