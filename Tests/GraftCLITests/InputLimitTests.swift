import Foundation
import Testing

/// The CLI's limits on hostile or oversized input: a GraphQL file over the parser's token limit is
/// an error naming the file, the limit and `--max-tokens` (every command that parses GraphQL takes
/// the option), too-deep nesting names the depth limit, and a generated file name too long for the
/// file system stops `graft generate` before anything is written. Large inputs are made at run time.
@Suite struct InputLimitTests {
    static let schema = "type Query { hero(id: ID): Character }\ninterface Character { name: String! }\n"
        + "type Droid implements Character { name: String! }\n"

    /// A new temporary folder.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("graft-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A project folder with `Schemas/schema.graphqls` (`schema`) and the operation files in `Operations/`.
    static func project(operations: [String: String]) throws -> URL {
        try GenerateCommandTests.project(schema: schema, operations: operations)
    }

    static func hint(_ path: String, limit: Int) -> String {
        "\(path): error: Syntax Error: Document contains more that \(limit) tokens. Parsing aborted. (raise the limit with --max-tokens N)\n"
    }

    // MARK: The token limit

    @Test func aSchemaOverTheDefaultTokenLimitNamesTheFileTheLimitAndTheOption() async throws {
        // 2,000,001 list items in a default value: more tokens than the default limit.
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let schema = root.appendingPathComponent("schema.graphqls")
        var text = "type Query { f(a: [Int] = ["
        text += String(repeating: "1 ", count: 2_000_001)
        text += "]): Int }\n"
        try text.write(to: schema, atomically: false, encoding: .utf8)
        let result = try await GraftTool.run(["print-schema", "--schema", schema.path])
        #expect(result.status == 1)
        #expect(result.standardError == Self.hint(schema.path, limit: 2_000_000))
    }

    /// Every command that parses GraphQL takes `--max-tokens`: below a file's count it is an error
    /// naming the file and the option, above it the command succeeds.
    @Test func everyCommandTakesMaxTokens() async throws {
        // The schema holds 30 tokens, Hero.graphql 37.
        let hero = "query Hero { a: hero(id: \"1\") { name } b: hero(id: \"2\") { name } c: hero(id: \"3\") { name } }\n"
        let root = try Self.project(operations: ["Hero.graphql": hero])
        defer { try? FileManager.default.removeItem(at: root) }
        let commands: [(arguments: [String], overLimit: String, tokens: Int)] = [
            (["print", "Schemas/schema.graphqls"], "Schemas/schema.graphqls", 30),
            (["print", "Operations/Hero.graphql"], "Operations/Hero.graphql", 37),
            (["print-schema", "--schema", "Schemas"], "Schemas/schema.graphqls", 30),
            (["validate", "--schema", "Schemas"], "Schemas/schema.graphqls", 30),
            (["validate", "--schema", "Schemas", "--operations", "Operations"], "Operations/Hero.graphql", 37),
            (["generate"], "Schemas/schema.graphqls", 30),
            (["generate", "--schema", "Schemas", "--operations", "Operations"], "Operations/Hero.graphql", 37),
            (["generate", "--per-input-file", "--schema", "Schemas", "--operations", "Operations", "--output", "Flat"],
             "Operations/Hero.graphql", 37),
        ]
        for command in commands {
            let over = try await GraftTool.run(command.arguments + ["--max-tokens", String(command.tokens - 1)], in: root)
            #expect(over.status == 1, "\(command.arguments)")
            #expect(over.standardError == Self.hint(command.overLimit, limit: command.tokens - 1), "\(command.arguments)")
            let enough = try await GraftTool.run(command.arguments + ["--max-tokens=37"], in: root)
            #expect(enough.status == 0, "\(command.arguments): \(enough.standardError)")
            #expect(enough.standardError == "", "\(command.arguments)")
        }
    }

    /// The limit is per file: operation files that each fit are fine however many tokens they
    /// hold together (they are validated as one document).
    @Test func theLimitIsPerFile() async throws {
        // 16 tokens each, 32 together; the schema holds 30.
        let root = try Self.project(operations: ["A.graphql": "query A { x: hero { name } y: hero { name } }\n",
                                                 "B.graphql": "query B { x: hero { name } y: hero { name } }\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        for arguments in [["validate", "--schema", "Schemas", "--operations", "Operations"], ["generate", "--schema", "Schemas"]] {
            let result = try await GraftTool.run(arguments + ["--max-tokens", "30"], in: root)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
        }
    }

    @Test func maxTokensMustBeAPositiveWholeNumber() async throws {
        for value in ["0", "-3", "lots", "1.5", String(repeating: "9", count: 5_000)] {
            let result = try await GraftTool.run(["print", "--max-tokens", value, "schema.graphqls"])
            #expect(result.status == 1)
            #expect(result.standardError.hasPrefix("error: '--max-tokens' needs a positive whole number of tokens, not '"), "\(value)")
            #expect(result.standardError.utf8.count < 4096)
        }
        let missing = try await GraftTool.run(["validate", "--max-tokens"])
        #expect(missing.standardError.hasPrefix("error: missing value for '--max-tokens'"))
    }

    @Test func everyParsingCommandDocumentsMaxTokens() async throws {
        for command in ["print", "print-schema", "validate", "generate"] {
            let help = try await GraftTool.run(["help", command])
            #expect(help.standardOutput.contains("[--max-tokens N]"), "\(command)")
            #expect(help.standardOutput.contains("  --max-tokens N  "), "\(command)")
            #expect(help.standardOutput.contains("The most tokens one GraphQL file may hold (default 2000000)."), "\(command)")
        }
    }

    // MARK: The depth limit

    @Test func nestingTooDeepNamesTheFileAndTheDepthLimit() async throws {
        let selection = String(repeating: "hero { ", count: 300) + "name" + String(repeating: " }", count: 300)
        let root = try Self.project(operations: ["Deep.graphql": "query Deep { \(selection) }\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        for arguments in [["print", "Operations/Deep.graphql"], ["validate", "--schema", "Schemas", "--operations", "Operations"], ["generate"]] {
            let result = try await GraftTool.run(arguments, in: root)
            #expect(result.status == 1)
            #expect(result.standardError.hasPrefix(
                "Operations/Deep.graphql:1:1804: error: Syntax Error: Document is nested deeper than 256 levels. Parsing aborted.\n"),
                "\(arguments): \(result.standardError.prefix(300))")
            #expect(result.standardError.utf8.count < 4096)
        }
    }

    // MARK: File names too long for the file system

    @Test func anOperationNameTooLongForAFileNameStopsGenerationBeforeAnyWrite() async throws {
        let long = "Hero" + String(repeating: "X", count: 260)
        let root = try Self.project(operations: ["Hero.graphql": "query Short { hero { name } }\nquery \(long) { hero { name } }\n",
                                                 "Names.graphql": "fragment \(long)Fields on Character { name }\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try await GraftTool.run(["generate"], in: root)
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 2, "\(result.standardError)")
        let clipped = String(long.prefix(80)) + "…"
        #expect(lines.contains { $0.hasPrefix("error: cannot write 'Generated/Fragments/\(clipped)' (from fragment '\(clipped)' "
                                               + "in Operations/Names.graphql): the name '\(clipped)' is 284 bytes, more than the 255") })
        #expect(lines.contains { $0.hasPrefix("error: cannot write 'Generated/Operations/\(clipped)' (from operation '\(clipped)' "
                                               + "in Operations/Hero.graphql): the name '\(clipped)' is 283 bytes, more than the 255") })
        // Nothing was written, not even the files whose names fit.
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Generated").path))
        #expect(result.standardOutput == "")
    }

    @Test func anOperationFileNameTooLongForItsOutputFileStopsPerInputFileGeneration() async throws {
        // 250 bytes: a legal name, but its output file name (`.graphql` becomes `.graphql.swift`) is 256.
        let name = String(repeating: "h", count: 242) + ".graphql"
        let root = try Self.project(operations: [name: "query Hero { hero { name } }\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try await GraftTool.run(["generate", "--per-input-file", "--schema", "Schemas", "--operations", "Operations",
                                              "--output", "Flat"], in: root)
        #expect(result.status == 1)
        let clipped = String(repeating: "h", count: 80) + "…"
        #expect(result.standardError == "error: cannot write 'Flat/\(clipped)' (from operation file Operations/\(name)): "
                + "the name '\(clipped)' is 256 bytes, more than the 255 the file system allows; shorten it\n")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Flat").path))
    }

    @Test func aPathTooLongForTheSystemStopsGenerationBeforeAnyWrite() async throws {
        let root = try Self.project(operations: ["Hero.graphql": "query Hero { hero { name } }\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        // Each folder name fits; together they are longer than PATH_MAX (4,096 bytes).
        let output = Array(repeating: String(repeating: "d", count: 200), count: 21).joined(separator: "/")
        let result = try await GraftTool.run(["generate", "--output", output], in: root)
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 2, "\(result.standardError.prefix(2000))")  // the operation and the schema metadata
        #expect(lines.allSatisfy { $0.hasPrefix("error: cannot write '") && $0.contains("bytes, more than the 4095 the system allows") })
        #expect(lines.contains { $0.contains("(from operation 'Hero' in Operations/Hero.graphql)") })
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(String(repeating: "d", count: 200)).path))
    }
}
