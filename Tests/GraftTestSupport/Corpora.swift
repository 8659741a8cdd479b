import Foundation
import Testing

/// The repository this test code was built from (the folder holding Package.swift).
public enum Repository {
    /// The package root, two folders above this file (`Tests/GraftTestSupport`).
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file or folder in the repository (path relative to the root).
    public static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }
}

/// The third-party conformance corpora: graphql-js's recorded cases, GitHub's, Shopify's and
/// Apollo iOS's schemas and operations. They stay outside the repository; this is the one place
/// that knows where they are.
///
/// The location is the `GRAFT_CORPORA` environment variable (a path, relative ones against the
/// package root), else ``defaultLocation``. Suites that read them carry
/// ``Testing/Trait/requiresCorpora(_:)``: where the corpora are absent (a user's clone) they are
/// skipped with one line naming the setting and what did not run, and the rest of the tests pass.
/// CI (`.ci/run`) refuses to start without them, so it always runs these suites.
public enum Corpora {
    /// The environment variable naming the corpora folder.
    public static let setting = "GRAFT_CORPORA"
    /// Where the corpora are when the setting is absent, relative to the package root.
    public static let defaultLocation = "../shared/corpora"

    /// The corpora folder, whether or not it exists.
    public static let root: URL = {
        let value = ProcessInfo.processInfo.environment[setting].flatMap { $0.isEmpty ? nil : $0 } ?? defaultLocation
        let url = value.hasPrefix("/") ? URL(fileURLWithPath: value) : Repository.root.appendingPathComponent(value)
        return url.standardizedFileURL
    }()

    /// Whether the corpora are there: the folder holds graphql-js's cases and the schemas.
    public static let isAvailable: Bool = {
        let manager = FileManager.default
        return manager.fileExists(atPath: root.appendingPathComponent("graphql-js/validation-cases.json").path)
            && manager.fileExists(atPath: root.appendingPathComponent("schemas/apollo-ios-dev").path)
    }()

    /// A file or folder in the corpora (path relative to their root).
    public static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// The bytes of a corpus file; a missing file is reported as such, never as bad input.
    public static func data(_ relativePath: String) throws -> Data {
        let url = url(relativePath)
        guard let data = FileManager.default.contents(atPath: url.path) else { throw Missing(path: url.path) }
        return data
    }

    /// The UTF-8 text of a corpus file.
    public static func text(_ relativePath: String) throws -> String {
        String(decoding: try data(relativePath), as: UTF8.self)
    }

    /// A corpus file that is not there.
    public struct Missing: Error, CustomStringConvertible {
        /// The path looked for.
        public let path: String
        public var description: String {
            "corpus file \(path) is missing (\(Corpora.setting) names the corpora folder; default \(Corpora.defaultLocation))"
        }
    }

    /// The line a skipped suite prints.
    static func skipReason(_ what: String) -> String {
        "\(what) did not run: no corpora at \(root.path) (set \(setting) to the folder holding graphql-js/ and schemas/)"
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test or suite only where the corpora are present; elsewhere it is skipped with one
    /// line naming `GRAFT_CORPORA` and `what` (for example "graphql-js's 157 lexer cases").
    public static func requiresCorpora(_ what: String) -> Self {
        .enabled(if: Corpora.isAvailable, Comment(rawValue: Corpora.skipReason(what)))
    }
}
