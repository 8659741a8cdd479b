import Foundation
import GraftCompiler
import GraftTestSupport
import Testing

/// The modular goldens (the schema module, shared fragments, two features; Fixtures/Modular)
/// declare every schema type and every fragment exactly once across the four modules, the schema
/// types in the schema module alone.
@Suite struct ModularGoldenTests {
    static let modules = ["ModularSchemaAPI", "ModularCoreAPI", "ModularFeatureAAPI", "ModularFeatureBAPI"]
    static let fixtures = TestPaths.packageRoot.appendingPathComponent("Tests/GraftCodegenTests/Fixtures/Modular").path

    /// The top-level declarations of a golden module's files (not indented): name → count.
    static func declarations(in module: String) -> [String: Int] {
        var result: [String: Int] = [:]
        let kinds: Set<String> = ["struct", "enum", "class", "protocol", "typealias", "let", "var"]
        for (_, text) in GoldenUpdate.generatedFiles(in: TestPaths.golden.appendingPathComponent(module).path) {
            for line in text.split(separator: "\n") where !line.hasPrefix("\t") && !line.hasPrefix(" ") {
                let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" || $0 == "=" })
                    .map(String.init).filter { $0 != "public" }
                guard words.count >= 2, kinds.contains(words[0]) else { continue }
                result[words[1], default: 0] += 1
            }
        }
        return result
    }

    @Test func everySchemaTypeAndFragmentIsDeclaredOnce() throws {
        let declared = Dictionary(uniqueKeysWithValues: Self.modules.map { ($0, Self.declarations(in: $0)) })
        var total: [String: Int] = [:]
        for counts in declared.values { total.merge(counts, uniquingKeysWith: +) }

        let schema = try #require(SchemaLoader.load(paths: [Self.fixtures + "/Schema/schema.graphqls"]).schema)
        let schemaTypes = schema.types.filter {
            !$0.name.hasPrefix("__") && ($0.kind == .enum || $0.kind == .inputObject
                                         || ($0.kind == .scalar && !["String", "Int", "Float", "Boolean", "ID"].contains($0.name)))
        }.map(\.name)
        #expect(Set(schemaTypes) == ["DateTime", "Episode", "LengthUnit", "Mood", "ReviewInput", "ColorInput"])
        for name in schemaTypes + ["schemaMetadata", "SchemaOperation"] {
            #expect(total[name] == 1, "\(name) is declared \(total[name] ?? 0) times")
            #expect(declared["ModularSchemaAPI"]?[name] == 1, "\(name) is not declared by the schema module")
        }

        var fragments: [String] = []
        for folder in ["Core", "FeatureA", "FeatureB"] {
            for file in try FileManager.default.contentsOfDirectory(atPath: Self.fixtures + "/" + folder) where file.hasSuffix(".graphql") {
                let text = try String(contentsOfFile: Self.fixtures + "/" + folder + "/" + file, encoding: .utf8)
                for line in text.split(separator: "\n") where line.hasPrefix("fragment ") {
                    fragments.append(String(line.split(separator: " ")[1]))
                }
            }
        }
        #expect(Set(fragments) == ["CharacterName", "HeroDetails", "ReviewFields"])
        for name in fragments {
            #expect(total[name] == 1, "fragment \(name) is declared \(total[name] ?? 0) times")
        }
        // Nothing at all is declared twice, and each module's operations are its own.
        #expect(total.filter { $0.value > 1 }.keys.sorted() == [])
        #expect(declared["ModularFeatureAAPI"].map { Set($0.keys) } == ["HeroAQuery", "ReviewAMutation"])
        #expect(declared["ModularFeatureBAPI"].map { Set($0.keys) } == ["HeroBQuery", "ReviewBMutation", "ReviewFields"])
        #expect(declared["ModularCoreAPI"].map { Set($0.keys) } == ["CharacterName", "HeroDetails"])
    }
}
