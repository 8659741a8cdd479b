import Foundation
import Testing

/// `graft init --schema-only` and `graft init --schema-module MODULE [--upstream MODULE[=PATH]]`:
/// the graft.json files of a modular app's modules, which `graft generate` then reads as they are,
/// run in each module's folder.
@Suite struct ModularInitTests {
    /// `Sources/AppSchema`, `Sources/Core` and `Sources/Feature` of a modular app, each with its
    /// GraphQL and no graft.json yet.
    static func project() throws -> URL {
        try ModularGenerateTests.project([
            "Sources/AppSchema/schema.graphqls": ModularGenerateTests.schema,
            "Sources/Core/Fragments.graphql": "fragment CharacterName on Character {\n  name\n}\n",
            "Sources/Feature/Hero.graphql": "query Hero($episode: Episode) {\n  hero(episode: $episode) {\n    ...CharacterName\n  }\n}\n",
        ])
    }

    /// Every generated file's text under `folder`, by path inside it.
    static func generated(_ folder: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) where path.hasSuffix(".swift") {
            files[path] = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        }
        return files
    }

    @Test func theWrittenLayoutsGenerateASchemaModuleACoreAndAFeature() async throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let sources = root.appendingPathComponent("Sources")
        let schema = try await GraftTool.run(["init", "--schema-only"], in: sources.appendingPathComponent("AppSchema"))
        #expect(schema.status == 0, "\(schema.standardError)")
        #expect(schema.standardOutput.hasPrefix("Wrote graft.json.\nNext:\n"))
        let core = try await GraftTool.run(["init", "--schema-module", "AppSchema"], in: sources.appendingPathComponent("Core"))
        #expect(core.status == 0, "\(core.standardError)")
        let feature = try await GraftTool.run(["init", "--schema-module", "AppSchema", "--upstream", "Core"],
                                              in: sources.appendingPathComponent("Feature"))
        #expect(feature.status == 0, "\(feature.standardError)")
        #expect(feature.standardOutput.contains("list \"AppSchema\", \"Core\" among its"))
        let featureConfig = try String(contentsOf: sources.appendingPathComponent("Feature/graft.json"), encoding: .utf8)
        #expect(featureConfig.contains(#""schemaModule": "AppSchema","#))
        #expect(featureConfig.contains(#""upstream": {"Core": ["../Core"]},"#))
        #expect(featureConfig.contains(#""schema": ["../AppSchema/schema.graphqls"],"#))

        for module in ["AppSchema", "Core", "Feature"] {
            let run = try await GraftTool.run(["generate"], in: sources.appendingPathComponent(module))
            #expect(run.status == 0, "\(module): \(run.standardError)")
        }
        let schemaFiles = try Self.generated(sources.appendingPathComponent("AppSchema/Generated"))
        #expect(schemaFiles.values.contains { $0.contains("enum Episode") })
        #expect(schemaFiles.values.contains { $0.contains("enum Mood") }, "a schema module declares every enum")
        let coreFiles = try Self.generated(sources.appendingPathComponent("Core/Generated"))
        #expect(coreFiles.values.contains { $0.contains("struct CharacterName") })
        let featureFiles = try Self.generated(sources.appendingPathComponent("Feature/Generated"))
        let hero = try #require(featureFiles.first { $0.key.hasSuffix("HeroQuery.graphql.swift") }?.value)
        #expect(hero.contains("import AppSchema\nimport Core\n"))
        for file in featureFiles.values {
            #expect(!file.contains("enum Episode") && !file.contains("struct CharacterName"), "the feature declares no schema type or upstream fragment")
        }
    }

    @Test func anUpstreamPathIsWrittenAsGiven() async throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("Sources/Feature")
        let run = try await GraftTool.run(["init", "--schema-module", "AppSchema", "--upstream", "Core=../Core/Fragments.graphql",
                                           "--schema", "../../Schemas/api.graphqls"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let config = try String(contentsOf: folder.appendingPathComponent("graft.json"), encoding: .utf8)
        #expect(config.contains(#""upstream": {"Core": ["../Core/Fragments.graphql"]},"#))
        #expect(config.contains(#""schema": ["../../Schemas/api.graphqls"],"#))
    }

    @Test(arguments: [
        (["init", "--schema-only", "--schema-module", "AppSchema"], "'--schema-only' writes the schema module's graft.json; it takes no --schema-module"),
        (["init", "--upstream", "Core"], "'--upstream' needs --schema-module"),
        (["init", "--schema-module", "App-Schema"], "'--schema-module' takes a Swift module name, found 'App-Schema'"),
    ])
    func contradictoryOptionsAreUsageErrors(arguments: [String], message: String) async throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try await GraftTool.run(arguments, in: root)
        #expect(run.status != 0)
        #expect(run.standardError.contains(message), "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("graft.json").path))
    }
}
