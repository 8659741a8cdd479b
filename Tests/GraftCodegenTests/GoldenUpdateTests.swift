import Foundation
import GraftCodegen
import Testing

/// The golden update mode cannot destroy the checked-in files: a failed generation leaves every
/// file in place, and a mass removal is refused unless asked for.
@Suite struct GoldenUpdateTests {
    /// A copy of the example API's golden folder in a temporary folder, with its files' contents.
    static func copyOfGolden() throws -> (folder: String, files: [String: String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graft-golden-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: TestPaths.golden.appendingPathComponent("CourseCatalogAPI").path, toPath: folder)
        let files = GoldenUpdate.generatedFiles(in: folder)
        #expect(files.count > 10)
        return (folder, files)
    }

    @Test func failingGenerationLeavesEveryGoldenFileInPlace() throws {
        let (folder, before) = try Self.copyOfGolden()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The situation that once deleted every golden file: the schema is not there.
        let missing = TestPaths.packageRoot.appendingPathComponent("no-such-folder/schema.graphqls").path
        let result = CodeGenerator.run(GraftConfiguration(schemaPaths: [missing],
                                                          operationPaths: [TestPaths.packageRoot.appendingPathComponent("Operations").path],
                                                          output: folder))
        #expect(!result.errors.isEmpty)
        let outcome = try GoldenUpdate.apply(result, to: folder, allowRemovals: true)
        guard case .refused(let reason) = outcome else {
            Issue.record("the update went ahead: \(outcome)")
            return
        }
        #expect(reason.contains("generation failed"))
        #expect(reason.contains("no-such-folder"))
        #expect(GoldenUpdate.generatedFiles(in: folder) == before)
    }

    @Test func massRemovalIsRefusedUnlessAskedFor() throws {
        let (folder, before) = try Self.copyOfGolden()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A valid generation that produces far fewer files: one operation file of the example API.
        let root = TestPaths.packageRoot
        let configuration = GraftConfiguration(schemaPaths: [root.appendingPathComponent("Schemas").path],
                                               operationPaths: [root.appendingPathComponent("Operations/Enroll.graphql").path],
                                               output: folder)
        let result = CodeGenerator.run(configuration)
        #expect(result.errors.map(\.description) == [])

        let refused = try GoldenUpdate.apply(result, to: folder, allowRemovals: false)
        guard case .refused(let reason) = refused else {
            Issue.record("the removal went ahead: \(refused)")
            return
        }
        #expect(reason.contains("GRAFT_UPDATE_GOLDEN_ALLOW_REMOVALS=1"))
        #expect(GoldenUpdate.generatedFiles(in: folder) == before)

        let allowed = try GoldenUpdate.apply(result, to: folder, allowRemovals: true)
        guard case .written(let summary) = allowed else {
            Issue.record("the explicit removal was refused: \(allowed)")
            return
        }
        #expect(summary.removed.count > GoldenUpdate.removalLimit)
        #expect(Set(GoldenUpdate.generatedFiles(in: folder).keys) == Set(result.files.map(\.path)))
    }
}
