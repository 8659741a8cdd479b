import Foundation

/// Paths of the package root and the shared corpora, computed from this file's location.
enum TestPaths {
    /// The package root (three levels above this file).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `../shared/corpora` next to the package.
    static let corpora: URL = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpora")
    /// Expected outputs checked in with the tests.
    static let expected: URL = packageRoot.appendingPathComponent("Tests/GraftCompilerTests/Expected")

    /// The text of a corpus file (path relative to `corpora`).
    static func corpus(_ path: String) throws -> String {
        try String(contentsOf: corpora.appendingPathComponent(path), encoding: .utf8)
    }
}
