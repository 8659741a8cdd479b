import Foundation
import GraftCodegen
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
        GeneratedDeclarations.count(inFolder: TestPaths.golden.appendingPathComponent(module))
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
        // Nothing is declared twice but the operation both feature modules name `SaveReview` (each
        // module's own type), and each module's operations are its own.
        #expect(total.filter { $0.value > 1 } == ["SaveReviewMutation": 2])
        #expect(declared["ModularFeatureAAPI"].map { Set($0.keys) } == ["HeroAQuery", "ReviewAMutation", "SaveReviewMutation"])
        #expect(declared["ModularFeatureBAPI"].map { Set($0.keys) } == ["HeroBQuery", "ReviewBMutation", "SaveReviewMutation", "ReviewFields"])
        #expect(declared["ModularCoreAPI"].map { Set($0.keys) } == ["CharacterName", "HeroDetails"])
    }

    /// Examples/ModularApp: two feature kits sharing the schema module's enums and input objects
    /// and the shared module's fragment declare none of them again, and nothing is declared twice.
    @Test func theModularExampleDeclaresEverySchemaTypeAndFragmentOnce() throws {
        let example = TestPaths.packageRoot.appendingPathComponent("Examples/ModularApp/Sources")
        let modules = ["AppSchema", "CatalogShared", "CatalogKit", "ReviewsKit"]
        let declared = Dictionary(uniqueKeysWithValues: modules.map {
            ($0, GeneratedDeclarations.count(inFolder: example.appendingPathComponent($0 + "/Generated")))
        })
        var total: [String: Int] = [:]
        for counts in declared.values { total.merge(counts, uniquingKeysWith: +) }
        #expect(GeneratedDeclarations.marker == GeneratedFile.marker)

        let schema = try #require(SchemaLoader.load(paths: [TestPaths.packageRoot.appendingPathComponent("Schemas").path]).schema)
        let schemaTypes = schema.types.filter {
            !$0.name.hasPrefix("__") && ($0.kind == .enum || $0.kind == .inputObject
                                         || ($0.kind == .scalar && !["String", "Int", "Float", "Boolean", "ID"].contains($0.name)))
        }.map(\.name)
        #expect(schemaTypes.count > 15, "the example's schema was not read")
        for name in schemaTypes + ["schemaMetadata", "SchemaOperation"] {
            // Scalars whose names clash with Swift's are declared with a suffix (URL → URLScalar).
            let count = total[name] ?? total[name + "Scalar"]
            #expect(count == 1, "\(name) is declared \(count ?? 0) times")
            #expect(declared["AppSchema"]?[name] ?? declared["AppSchema"]?[name + "Scalar"] == 1, "\(name) is not declared by AppSchema")
        }
        // Both features use the same enum (CourseLevel), input object (CourseLookup) and upstream fragment.
        for feature in ["CatalogKit", "ReviewsKit"] {
            let folder = example.appendingPathComponent(feature + "/Generated")
            let text = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
                .map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined()
            for used in ["GraphQLEnum<CourseLevel>", "lookup: CourseLookup", "fragments.courseSummary", "import CatalogShared"] {
                #expect(text.contains(used), "\(feature) does not use \(used)")
            }
        }
        #expect(total["CourseSummary"] == 1 && declared["CatalogShared"]?["CourseSummary"] == 1)
        #expect(total.filter { $0.value > 1 }.keys.sorted() == [])
        #expect(declared["CatalogKit"].map { Set($0.keys) } == ["CatalogCourseQuery", "CatalogCoursesQuery"])
        #expect(declared["ReviewsKit"].map { Set($0.keys) } == ["CourseReviewsQuery", "PostReviewMutation", "ReviewLine"])
    }
}
