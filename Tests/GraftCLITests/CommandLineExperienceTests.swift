import Foundation
import GraftTestSupport
import Testing

/// What a user meets first: the version, help on help, `validate` and `print-schema` reading
/// graft.json like `generate`, success lines, `init`'s next steps and plugin file, configuration
/// errors with the line and a caret, and schema inputs that are not schemas.
@Suite struct CommandLineExperienceTests {
    typealias Project = GenerateCommandTests

    @Test func versionIsPrinted() async throws {
        let result = try await GraftTool.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput.range(of: #"^graft \d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
        #expect(result.standardError == "")
    }

    @Test func helpOnHelpWorks() async throws {
        let result = try await GraftTool.run(["help", "help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("USAGE: graft help [<command>]"))
        #expect(result.standardOutput.contains("validate"))
        #expect(try await GraftTool.run(["help", "validate"]).standardOutput.contains("--config FILE"))
    }

    @Test func validateReadsGraftJSONAndSaysWhatWasValid() async throws {
        let root = try Project.project(operations: ["Hero.graphql": "query Hero { hero { ...Name } }\nfragment Name on Character { name }\n",
                                                    "Other.graphql": "query Other { hero { __typename } }"])
        // No graft.json: Schemas/ and Operations/.
        let defaults = try await GraftTool.run(["validate"], in: root)
        #expect(defaults.status == 0)
        #expect(defaults.standardOutput == "2 operations and 1 fragment valid against Schemas\n")
        // graft.json names other folders.
        try FileManager.default.moveItem(at: root.appendingPathComponent("Schemas"), to: root.appendingPathComponent("API"))
        try #"{ "schema": ["API"], "operations": ["Operations/Other.graphql"] }"#
            .write(to: root.appendingPathComponent("graft.json"), atomically: true, encoding: .utf8)
        let configured = try await GraftTool.run(["validate"], in: root)
        #expect(configured.status == 0)
        #expect(configured.standardOutput.hasPrefix("1 operation valid against "))
        #expect(configured.standardOutput.hasSuffix("API\n"))
        // --config, from another folder.
        let elsewhere = try await GraftTool.run(["validate", "--config", root.appendingPathComponent("graft.json").path],
                                                in: FileManager.default.temporaryDirectory)
        #expect(elsewhere.status == 0)
        #expect(elsewhere.standardOutput.hasPrefix("1 operation valid against "))
        // A schema alone.
        let schemaOnly = try await GraftTool.run(["validate", "--schema", "API"], in: root)
        #expect(schemaOnly.standardOutput.hasPrefix("Schema valid: API ("))
    }

    @Test func printSchemaReadsGraftJSON() async throws {
        let root = try Project.project(operations: ["Hero.graphql": "query Hero { hero { name } }"])
        try FileManager.default.moveItem(at: root.appendingPathComponent("Schemas"), to: root.appendingPathComponent("API"))
        try #"{ "schema": "API" }"#.write(to: root.appendingPathComponent("graft.json"), atomically: true, encoding: .utf8)
        let result = try await GraftTool.run(["print-schema"], in: root)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("interface Character {\n  name: String!\n}"))
        let explicit = try await GraftTool.run(["print-schema", "--schema", "API/schema.graphqls"], in: root)
        #expect(explicit.standardOutput == result.standardOutput)
    }

    @Test func printSchemaOnOperationsSaysTheyAreNotASchema() async throws {
        let root = try Project.project(operations: ["Hero.graphql": "query Hero { hero { name } }"])
        let result = try await GraftTool.run(["print-schema", "--schema", "Operations"], in: root)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("Operations/Hero.graphql:1:1: error: found operations or fragments, not a schema"))
        #expect(!result.standardError.contains("Query root type"))
    }

    /// validation-cases val-0397 (indented less): graphql-js `validateSDL` reports exactly `Unknown type "Query".`
    @Test func aSchemaHoldingOperationsGetsGraphQLJSsErrors() async throws {
        let path = try GraftTool.temporaryFile("""

              query Foo { __typename }
              fragment Foo on Query { __typename }
              directive @Foo on SCHEMA

              type Foo

            """, name: "schema.graphqls")
        let result = try await GraftTool.run(["validate", "--schema", path])
        #expect(result.status == 1)
        let errors = result.standardError.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors == ["\(path):3:19: error: Unknown type \"Query\"."])
    }

    @Test func initSaysWhatToDoNextAndWritesThePluginFile() async throws {
        let root = try TestFolders.make("graft-init")
        let result = try await GraftTool.run(["init", "--plugin-target", "Sources/MyAPI"], in: root)
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("Wrote Sources/MyAPI/graft.json and Sources/MyAPI/GraftAPI.swift.\nNext:"))
        #expect(result.standardOutput.contains(#"plugins: [.plugin(name: "GraftBuildPlugin", package: "Graft")]"#))
        #expect(result.standardOutput.contains("graft validate --schema Sources/MyAPI --operations Sources/MyAPI"))
        let swift = try String(contentsOf: root.appendingPathComponent("Sources/MyAPI/GraftAPI.swift"), encoding: .utf8)
        #expect(swift.contains("@_exported import Graft"))
        // The graft.json is the target's, where the plugin reads it, and names no paths of the CLI's layout.
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("graft.json").path))
        let config = try String(contentsOf: root.appendingPathComponent("Sources/MyAPI/graft.json"), encoding: .utf8)
        #expect(!config.contains("\n  \"schema\":") && !config.contains("\n  \"output\":") && config.contains("\n  \"namespace\": null"))
        // The plugin's run of the generator over the target's files takes it (with a namespace set in it).
        let target = root.appendingPathComponent("Sources/MyAPI")
        try "type Query { hello: String }\n".write(to: target.appendingPathComponent("schema.graphqls"), atomically: true, encoding: .utf8)
        try "query Hello { hello }\n".write(to: target.appendingPathComponent("Hello.graphql"), atomically: true, encoding: .utf8)
        try config.replacingOccurrences(of: #""namespace": null"#, with: #""namespace": "MyAPI""#)
            .write(to: target.appendingPathComponent("graft.json"), atomically: true, encoding: .utf8)
        let generated = try await GraftTool.run(["generate", "--per-input-file", "--output", "Out", "--config", "Sources/MyAPI/graft.json",
                                                 "--schema", "Sources/MyAPI/schema.graphqls", "--operations", "Sources/MyAPI/Hello.graphql"],
                                                in: root)
        #expect(generated.status == 0, "\(generated.standardError)")
        let hello = try String(contentsOf: root.appendingPathComponent("Out/Hello.graphql.swift"), encoding: .utf8)
        #expect(hello.contains("extension MyAPI {"), "\(hello.prefix(400))")
        let again = try await GraftTool.run(["init", "--plugin-target", "Sources/MyAPI"], in: root)
        #expect(again.status == 1)
        #expect(again.standardError.contains("already exists"))
    }

    @Test func configurationErrorsShowTheLineACaretAndASuggestion() async throws {
        let root = try Project.project(operations: ["Hero.graphql": "query Hero { hero { name } }"])
        try "{\n  \"shema\": [\"Schemas\"]\n}\n".write(to: root.appendingPathComponent("graft.json"), atomically: true, encoding: .utf8)
        for command in ["generate", "validate", "print-schema"] {
            let result = try await GraftTool.run([command], in: root)
            #expect(result.status == 1)
            #expect(result.standardError == """
                graft.json:2:3: error: unknown key 'shema'; Did you mean "schema"?
                  "shema": ["Schemas"]
                  ^

                """, "\(command)")
        }
        let folder = try await GraftTool.run(["generate", "--config", "Schemas"], in: root)
        #expect(folder.standardError == "Schemas: error: cannot read the configuration file: it is a folder\n")
    }

    @Test func aSchemaTypeNamedLikeFoundationsIsRenamedNotWarnedAbout() async throws {
        let root = try Project.project(operations: ["Now.graphql": "query Now { now }"])
        try "scalar Date\ntype Query { now: Date }\n".write(to: root.appendingPathComponent("Schemas/schema.graphqls"),
                                                         atomically: true, encoding: .utf8)
        let result = try await GraftTool.run(["generate"], in: root)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let scalar = try String(contentsOf: root.appendingPathComponent("Generated/Schema/DateScalar.graphql.swift"), encoding: .utf8)
        #expect(scalar.contains("public typealias DateScalar = String"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Generated/Schema/Date.graphql.swift").path))
    }
}
