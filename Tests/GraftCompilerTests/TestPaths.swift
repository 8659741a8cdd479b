import Foundation
import GraftTestSupport

/// Files this target reads from the repository (the conformance corpora are `Corpora`'s).
enum TestPaths {
    /// Expected outputs checked in with the tests.
    static let expected: URL = Repository.url("Tests/GraftCompilerTests/Expected")
}
