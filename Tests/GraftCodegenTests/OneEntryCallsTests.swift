import Foundation
import GraftCodegen
import Testing

/// A field with one argument (no alias, no condition) and an operation with one variable are
/// generated as calls (`argument:`, `.__variable`), which compile in less than the dictionary
/// literals every other case keeps.
@Suite struct OneEntryCallsTests {
    static let schema = """
    type Query { hero(episode: String, first: Int): Hero }
    type Hero { name(upper: Boolean): String }
    """

    /// The generated file of `operation` (named `Hero`).
    static func generated(_ operation: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graft-calls-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try schema.write(toFile: folder + "/schema.graphqls", atomically: true, encoding: .utf8)
        try operation.write(toFile: folder + "/Hero.graphql", atomically: true, encoding: .utf8)
        let result = CodeGenerator.run(GraftConfiguration(schemaPaths: [folder + "/schema.graphqls"],
                                                          operationPaths: [folder + "/Hero.graphql"], output: folder + "/out"))
        #expect(result.errors.map(\.description) == [])
        return try #require(result.files.first { $0.path.hasSuffix("HeroQuery.graphql.swift") }).contents
    }

    @Test func oneArgumentAndOneVariableAreCalls() throws {
        let text = try Self.generated("query Hero($episode: String) { hero(episode: $episode) { name(upper: true) } }")
        #expect(text.contains(#".field("hero", Hero?.self, argument: "episode", .variable("episode"))"#))
        #expect(text.contains(#".field("name", String?.self, argument: "upper", .value(true))"#))
        #expect(text.contains(#"var __variables: [String: any InputValueConvertible] { .__variable("episode", episode) }"#))
        #expect(!text.contains("arguments:"))
    }

    @Test func manyArgumentsAnAliasOrAConditionKeepTheDictionary() throws {
        let text = try Self.generated("""
            query Hero($episode: String, $upper: Boolean!) {
              hero(episode: $episode, first: 2) { loud: name(upper: true) name(upper: $upper) @include(if: $upper) }
            }
            """)
        #expect(text.contains(#"arguments: ["episode": .variable("episode"), "first": .value(2)]"#))
        #expect(text.contains(#".field("loud", String?.self, name: "name", arguments: ["upper": .value(true)])"#))
        #expect(text.contains(#"arguments: ["upper": .variable("upper")], if: [.include("upper")])"#))
        #expect(text.contains(#"{ ["episode": episode, "upper": upper] }"#))
        #expect(!text.contains("argument: "))
    }
}
