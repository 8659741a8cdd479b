import Foundation
import GraftCompiler
import Testing

/// Paths name the same inputs however they are written, and different inputs never share a key.
@Suite struct SharedInputsTests {
    @Test func relativePathsThroughParentFoldersKeepTheCurrentFolder() {
        let current = FileManager.default.currentDirectoryPath
        #expect(SharedInputs.key(["App/../Core/GraphQL"]) == SharedInputs.key(["Core/GraphQL"]))
        #expect(SharedInputs.key(["App/../Core/GraphQL"]) == [(current as NSString).appendingPathComponent("Core/GraphQL")])
        // One folder up from the current one is not the current one.
        #expect(SharedInputs.key(["a/../../S"]) != SharedInputs.key(["b/../S"]))
        #expect(SharedInputs.key(["/x/./y/../z"]) == ["/x/z"])
    }
}
