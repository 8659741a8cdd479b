import Foundation

/// Paths the tests read: the package root, the shared corpora and the golden files.
enum TestPaths {
    /// The package root (three levels above this file).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `../shared/corpora` next to the package.
    static let corpora = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpora")
    /// Apollo iOS's test APIs.
    static let apollo = corpora.appendingPathComponent("schemas/apollo-ios-dev")
    /// Checked-in generated code.
    static let golden = packageRoot.appendingPathComponent("Tests/GraftCodegenTests/Golden")
}
