import Foundation
import Testing

/// `graft generate ARGS --and ARGS ...` (what the command plugin runs for several targets): each
/// group of arguments is one module, with settings of its own, all generated in one process; each
/// module writes and reports what its `graft generate` alone would.
@Suite struct GenerateGroupsTests {
    /// Each module's own arguments: its configuration, the shared layout, and `--file-buckets 2`
    /// for CatalogKit alone (a setting that several --config files cannot take).
    static func arguments(_ module: String) -> [String] {
        ["--config", "\(module)/graft.json", "--per-input-file"] + (module == "CatalogKit" ? ["--file-buckets", "2"] : [])
    }

    static func joined(_ modules: [String]) -> [String] {
        ["generate"] + modules.map(arguments).joined(separator: ["--and"])
    }

    @Test func groupsWriteWhatEachModuleAloneWrites() async throws {
        let sources = try GenerateModulesTests.exampleCopy()
        defer { try? FileManager.default.removeItem(at: sources.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()) }
        for module in GenerateModulesTests.modules {
            let alone = try await GraftTool.run(["generate"] + Self.arguments(module), in: sources)
            #expect(alone.status == 0, "\(module): \(alone.standardError)")
        }
        let separate = try GenerateModulesTests.outputs(sources)
        #expect(separate.keys.filter { $0.hasPrefix("CatalogKit/Generated/GraftBucket-") }.count == 2, "\(separate.keys.sorted())")
        #expect(separate.keys.contains("CatalogKit/PersistedQueries.json"))
        try GenerateModulesTests.removeOutputs(sources)

        let together = try await GraftTool.run(Self.joined(GenerateModulesTests.modules), in: sources)
        try GenerateModulesTests.expectEveryModuleWritten(together, sources, as: separate)
    }

    @Test func oneModulesErrorsLeaveTheOthersWrittenAndFailTheRun() async throws {
        let sources = try GenerateModulesTests.exampleCopy()
        defer { try? FileManager.default.removeItem(at: sources.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()) }
        try "query Broken {\n  courses {\n    noSuchField\n  }\n}\n"
            .write(to: sources.appendingPathComponent("ReviewsKit/GraphQL/Broken.graphql"), atomically: true, encoding: .utf8)
        let result = try await GraftTool.run(Self.joined(GenerateModulesTests.modules), in: sources)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("ReviewsKit/GraphQL/Broken.graphql:3:5: error: "), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: sources.appendingPathComponent("ReviewsKit/Generated").path))
        for module in ["AppSchema", "CatalogShared", "CatalogKit"] {
            #expect(result.standardOutput.contains("in \(module)/Generated ("), "\(module): \(result.standardOutput)")
        }
    }

    @Test(arguments: [
        (["generate", "--config", "AppSchema/graft.json", "--per-input-file", "--and", "--config", "CatalogShared/graft.json"],
         "error: every module given with '--and' must take the same --per-input-file and --max-tokens"),
        (["generate", "--config", "AppSchema/graft.json", "--and"], "error: '--and' needs the arguments of a module on each side"),
        (["generate", "--config", "AppSchema/graft.json", "--and", "--config", "CatalogShared/graft.json", "--config", "CatalogKit/graft.json"],
         "error: with '--and', each module takes at most one --config"),
    ])
    func badGroupsAreUsageErrorsAndWriteNothing(arguments: [String], message: String) async throws {
        let sources = try GenerateModulesTests.exampleCopy()
        defer { try? FileManager.default.removeItem(at: sources.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()) }
        let result = try await GraftTool.run(arguments, in: sources)
        #expect(result.status != 0)
        #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
        #expect(try GenerateModulesTests.outputs(sources).isEmpty)
    }
}
