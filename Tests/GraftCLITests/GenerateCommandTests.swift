import Foundation
import GraftTestSupport
import Testing

/// `graft generate` and `graft init`: output, incremental writes, stale files, bad input.
@Suite struct GenerateCommandTests {
    static let schema = "type Query { hero: Character }\ninterface Character { name: String! }\ntype Droid implements Character { name: String! }\n"

    /// A project folder with Schemas/ and Operations/.
    static func project(schema: String = schema, operations: [String: String]) throws -> URL {
        let root = try TestFolders.make("graft-generate")
        for folder in ["Schemas", "Operations"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try schema.write(to: root.appendingPathComponent("Schemas/schema.graphqls"), atomically: true, encoding: .utf8)
        for (name, text) in operations {
            try text.write(to: root.appendingPathComponent("Operations/\(name)"), atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func generatesWritesOnlyChangesAndRemovesStaleFiles() async throws {
        let root = try Self.project(operations: ["Hero.graphql": "query Hero { hero { name } }",
                                                 "Other.graphql": "query Other { hero { __typename } }"])
        let first = try await GraftTool.run(["generate"], in: root)
        #expect(first.status == 0)
        #expect(first.standardError == "")
        let heroFile = root.appendingPathComponent("Generated/Operations/HeroQuery.graphql.swift")
        let hero = try String(contentsOf: heroFile, encoding: .utf8)
        #expect(hero.contains("public struct HeroQuery: GraphQLQuery, SchemaOperation"))
        #expect(first.standardOutput.hasPrefix("Generated 3 files in ") && first.standardOutput.contains("(3 written, 0 unchanged, 0 removed)"))
        // A hand-written file in the output folder is left alone.
        try "// mine\n".write(to: root.appendingPathComponent("Generated/Mine.swift"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: root.appendingPathComponent("Operations/Other.graphql"))
        let second = try await GraftTool.run(["generate"], in: root)
        #expect(second.status == 0)
        #expect(second.standardOutput.contains("(0 written, 2 unchanged, 1 removed)"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Generated/Operations/OtherQuery.graphql.swift").path))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Generated/Mine.swift").path))
    }

    @Test func theReportCountsOneFileInTheSingular() async throws {
        // A schema module of a schema without enums, inputs or scalars: its metadata file alone.
        let root = try Self.project(schema: "type Query { a: Int }\n", operations: [:])
        try #"{"operations": []}"#.write(to: root.appendingPathComponent("graft.json"), atomically: true, encoding: .utf8)
        let result = try await GraftTool.run(["generate"], in: root)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("Generated 1 file in "), "\(result.standardOutput)")
        let again = try await GraftTool.run(["generate"], in: root)
        #expect(again.standardOutput.contains("(0 written, 1 unchanged, 0 removed)"), "\(again.standardOutput)")
    }

    @Test func aManifestBesideTheConfigurationIsWritten() async throws {
        // graft.json in the working folder naming a manifest without a folder (`graft generate` run
        // in a module's folder): the manifest goes beside it.
        let root = try Self.project(operations: ["Hero.graphql": "query Hero { hero { name } }"])
        try #"{"persistedQueryManifest": "manifest.json", "operationDocument": "both"}"#
            .write(to: root.appendingPathComponent("graft.json"), atomically: true, encoding: .utf8)
        let result = try await GraftTool.run(["generate"], in: root)
        #expect(result.status == 0, "\(result.standardError)")
        let manifest = try String(contentsOf: root.appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(manifest.contains(#""name": "Hero""#))
    }

    @Test func invalidOperationsStopGeneration() async throws {
        let root = try Self.project(operations: ["Hero.graphql": "query Hero {\n  hero { nme }\n}\n"])
        let result = try await GraftTool.run(["generate"], in: root)
        #expect(result.status == 1)
        #expect(result.standardError.contains("Operations/Hero.graphql:2:10: error: Cannot query field \"nme\" on type \"Character\". Did you mean \"name\"?"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Generated").path))
    }

    @Test func badInputIsReportedNotCrashedOn() async throws {
        let root = try Self.project(operations: ["Hero.graphql": "query Hero { hero { name } }"])
        try FileManager.default.removeItem(at: root.appendingPathComponent("Schemas/schema.graphqls"))
        let missing = try await GraftTool.run(["generate"], in: root)
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("error: no schema files found"))

        try "{\n  \"output\": 42\n}\n".write(to: root.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let wrongType = try await GraftTool.run(["generate", "--config", "bad.json"], in: root)
        #expect(wrongType.status == 1)
        #expect(wrongType.standardError == "bad.json:2:13: error: 'output' must be a string, found a number\n  \"output\": 42\n            ^\n")

        try "{\"outputs\": \"x\"}".write(to: root.appendingPathComponent("unknown.json"), atomically: true, encoding: .utf8)
        let unknown = try await GraftTool.run(["generate", "--config", "unknown.json"], in: root)
        #expect(unknown.status == 1)
        #expect(unknown.standardError.hasPrefix("unknown.json:1:2: error: unknown key 'outputs'"))

        let noConfig = try await GraftTool.run(["generate", "--config", "nope.json"], in: root)
        #expect(noConfig.status == 1)
        #expect(noConfig.standardError == "nope.json: error: cannot read the configuration file: no such file\n")
    }

    @Test func unwritableOutputFolderIsAnError() async throws {
        let root = try Self.project(operations: ["Hero.graphql": "query Hero { hero { name } }"])
        try "not a folder".write(to: root.appendingPathComponent("Blocked"), atomically: true, encoding: .utf8)
        try "{\"output\": \"Blocked/Generated\"}".write(to: root.appendingPathComponent("graft.json"), atomically: true, encoding: .utf8)
        let result = try await GraftTool.run(["generate"], in: root)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("error: cannot create output folder 'Blocked/Generated'"))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test func initWritesACommentedConfigurationThatGenerateReads() async throws {
        let root = try Self.project(operations: ["Hero.graphql": "query Hero { hero { name } }"])
        let first = try await GraftTool.run(["init"], in: root)
        #expect(first.status == 0)
        let text = try String(contentsOf: root.appendingPathComponent("graft.json"), encoding: .utf8)
        #expect(text.hasPrefix("// graft.json"))
        #expect(try await GraftTool.run(["init"], in: root).status == 1)
        #expect(try await GraftTool.run(["generate"], in: root).status == 0)
    }
}
