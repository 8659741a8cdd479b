import Foundation
import Testing

/// `graft generate --per-input-file`, the mode the SwiftPM plugins use: one file per operation
/// file, unique names required, and the manifest path the build plugin redirects.
@Suite struct PerInputFileTests {
    @Test func writesOneFilePerOperationFileAndTheSchemaFile() async throws {
        let root = try GenerateCommandTests.project(operations: ["Hero.graphql": "query Hero { hero { name } }",
                                                                 "Other.graphql": "query Other { hero { __typename } }"])
        let result = try await GraftTool.run(["generate", "--per-input-file", "--output", "Out", "--schema", "Schemas",
                                        "--operations", "Operations"], in: root)
        #expect(result.status == 0, "\(result.standardError)")
        let files = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Out").path).sorted()
        #expect(files == ["GraftSchema.swift", "Hero.graphql.swift", "Other.graphql.swift"])
    }

    @Test func operationFilesWithTheSameNameAreAnError() async throws {
        let root = try GenerateCommandTests.project(operations: ["Hero.graphql": "query Hero { hero { name } }"])
        let admin = root.appendingPathComponent("Operations/Admin")
        try FileManager.default.createDirectory(at: admin, withIntermediateDirectories: true)
        try "query AdminHero { hero { __typename } }".write(to: admin.appendingPathComponent("Hero.graphql"), atomically: true, encoding: .utf8)
        let result = try await GraftTool.run(["generate", "--per-input-file", "--output", "Out", "--schema", "Schemas",
                                        "--operations", "Operations"], in: root)
        #expect(result.status == 1)
        #expect(result.standardError == "graft: error: operation files Operations/Admin/Hero.graphql and Operations/Hero.graphql "
                + "would both generate Hero.graphql.swift; with one file per operation file, operation file names must be "
                + "unique: rename one of them\n")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Out").path))
        // The same file named twice (a folder and a file in it) is no clash.
        let twice = try await GraftTool.run(["generate", "--per-input-file", "--output", "Out", "--schema", "Schemas",
                                       "--operations", "Operations/Hero.graphql", "--operations", "Operations/Hero.graphql"], in: root)
        #expect(twice.status == 0, "\(twice.standardError)")
    }

    /// graft.json's `fileBuckets` gives bucket files; `--file-buckets` (what the build plugin
    /// passes, from the graft.json it planned with) overrides it, `none` included.
    @Test func fileBucketsFromGraftJSONOrTheCommandLine() async throws {
        let root = try GenerateCommandTests.project(operations: ["Hero.graphql": "query Hero { hero { name } }",
                                                                 "Other.graphql": "query Other { hero { __typename } }"])
        try "{\"fileBuckets\": 3}".write(to: root.appendingPathComponent("buckets.json"), atomically: true, encoding: .utf8)
        func files(_ arguments: [String]) async throws -> [String] {
            let result = try await GraftTool.run(["generate", "--config", "buckets.json", "--per-input-file", "--output", "Out"] + arguments,
                                                 in: root)
            #expect(result.status == 0, "\(result.standardError)")
            return try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Out").path).sorted()
        }
        #expect(try await files([]) == ["GraftBucket-1.graphql.swift", "GraftBucket-2.graphql.swift", "GraftBucket-3.graphql.swift",
                                        "GraftSchema.swift"])
        #expect(try await files(["--file-buckets", "2"]) == ["GraftBucket-1.graphql.swift", "GraftBucket-2.graphql.swift", "GraftSchema.swift"])
        #expect(try await files(["--file-buckets", "none"]) == ["GraftSchema.swift", "Hero.graphql.swift", "Other.graphql.swift"])
        for wrong in ["0", "1001", "two"] {
            let result = try await GraftTool.run(["generate", "--config", "buckets.json", "--per-input-file", "--output", "Out",
                                                  "--file-buckets", wrong], in: root)
            #expect(result.status != 0)
            #expect(result.standardError.contains("'--file-buckets' must be a whole number from 1 to 1000 or none, found '\(wrong)'"),
                    "\(result.standardError)")
        }
    }

    @Test func manifestPathOverridesTheConfigurationsOnlyWhenItAsksForOne() async throws {
        let root = try GenerateCommandTests.project(operations: ["Hero.graphql": "query Hero { hero { name } }"])
        try "{\"persistedQueryManifest\": \"manifest.json\"}".write(to: root.appendingPathComponent("with.json"), atomically: true, encoding: .utf8)
        try "{}".write(to: root.appendingPathComponent("without.json"), atomically: true, encoding: .utf8)
        let with = try await GraftTool.run(["generate", "--config", "with.json", "--per-input-file", "--output", "Out",
                                      "--persisted-query-manifest", "Work/pq.json"], in: root)
        #expect(with.status == 0, "\(with.standardError)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Work/pq.json").path))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("manifest.json").path))
        let without = try await GraftTool.run(["generate", "--config", "without.json", "--per-input-file", "--output", "Out2",
                                         "--persisted-query-manifest", "Work/other.json"], in: root)
        #expect(without.status == 0, "\(without.standardError)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Work/other.json").path))
    }
}
