import Foundation
import GraftTestSupport

/// Paths the tests read: the package root, Apollo iOS's test APIs in the corpora, the golden files.
enum TestPaths {
    /// The package root.
    static let packageRoot = Repository.root
    /// Apollo iOS's test APIs (in the conformance corpora, outside the repository).
    static let apollo = Corpora.url("schemas/apollo-ios-dev")
    /// Checked-in generated code.
    static let golden = Repository.url("Tests/GraftCodegenTests/Golden")
}
