import Foundation
import GraftCompiler
import GraftLanguage

/// Loads schema inputs named relative to the package root, as the oracle script names them.
enum SchemaFixtures {
    /// The sources of SDL files (paths relative to the package root).
    static func sources(_ paths: [String]) throws -> [Source] {
        try paths.map { path in
            let url = TestPaths.packageRoot.appendingPathComponent(path)
            return Source(try String(contentsOf: url, encoding: .utf8), name: path)
        }
    }

    /// Parsed SDL files (paths relative to the package root).
    static func documents(_ paths: [String]) throws -> [Located<Document>] {
        try sources(paths).map { Located(try parse($0), source: $0) }
    }

    /// The bytes of a file (path relative to the package root).
    static func data(_ path: String) throws -> Data {
        try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent(path))
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
