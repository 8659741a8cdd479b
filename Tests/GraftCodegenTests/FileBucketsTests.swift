import Foundation
@testable import GraftCodegen
import GraftCompiler
import Testing

/// `"fileBuckets": N`: the generated definitions spread over N files, each definition's file
/// following from its name alone.
@Suite struct FileBucketsTests {
    static let root = TestPaths.packageRoot.path

    /// The example API (Schemas/, Operations/), bucketed or not.
    static func configuration(buckets: Int?, operations: [String] = [root + "/Operations"]) -> GraftConfiguration {
        var configuration = GraftConfiguration(schemaPaths: [root + "/Schemas"], operationPaths: operations)
        configuration.fileBuckets = buckets
        return configuration
    }

    static func files(_ configuration: GraftConfiguration, layout: SwiftGenerator.Layout = .perDefinition) -> [String: String] {
        let result = CodeGenerator.run(configuration, layout: layout)
        #expect(result.errors.map(\.description) == [])
        return Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.contents) })
    }

    /// A file's text after its marker and import lines.
    static func body(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { $0 == GeneratedFile.marker || $0.hasPrefix("import ") || $0.hasPrefix("@_spi(Generated) import ") }
            .joined(separator: "\n")
    }

    /// `text` without `///` lines (a field's description is written once per file, so a bucket
    /// has fewer of them) and blank lines.
    static func code(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("///") }
    }

    /// A definition file's main declaration: its code up to the first closing brace at the start
    /// of a line (a schema type's input shortcuts follow it, outside the namespace).
    static func declaration(_ text: String) -> String {
        let lines = code(body(text))
        let end = lines.firstIndex(of: "}") ?? lines.endIndex - 1
        return lines[...end].joined(separator: "\n")
    }

    @Test func theHashIsFNV1a() {
        // Reference values of 64-bit FNV-1a: fixed on every machine and in every run.
        #expect(FileBuckets.fnv1a("") == 0xcbf2_9ce4_8422_2325)
        #expect(FileBuckets.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(FileBuckets.fnv1a("foobar") == 0x8594_4171_f739_67e8)
    }

    @Test func everyDefinitionIsInTheBucketItsNamePicksInPathOrder() throws {
        let plain = Self.files(Self.configuration(buckets: nil))
        let bucketed = Self.files(Self.configuration(buckets: 4))
        let buckets = (1...4).map { "GraftBucket-\($0).graphql.swift" }
        #expect(bucketed.keys.sorted() == buckets + ["Schema/SchemaMetadata.graphql.swift"])
        #expect(bucketed["Schema/SchemaMetadata.graphql.swift"] == plain["Schema/SchemaMetadata.graphql.swift"])
        for name in buckets {
            let text = try #require(bucketed[name])
            #expect(text.hasPrefix(GeneratedFile.marker + "\n@_spi(Generated) import GraftAPI\n"))
            #expect(text.components(separatedBy: "import GraftAPI").count == 2, "\(name) has one import block")
        }
        var positions: [Int: [(path: String, offset: Int)]] = [:]
        let definitions = plain.keys.filter { $0 != "Schema/SchemaMetadata.graphql.swift" }.sorted()
        #expect(definitions.count > 30)
        for path in definitions {
            let body = Self.declaration(try #require(plain[path]))
            let holding = buckets.indices.filter { Self.code(bucketed[buckets[$0]]!).joined(separator: "\n").contains(body) }
            #expect(holding.count == 1, "\(path) is in buckets \(holding)")
            guard let index = holding.first else { continue }
            let text = Self.code(bucketed[buckets[index]]!).joined(separator: "\n")
            positions[index, default: []].append((path, text.range(of: body)!.lowerBound.utf16Offset(in: text)))
        }
        for (index, placed) in positions {
            #expect(placed.map(\.path) == placed.sorted { $0.offset < $1.offset }.map(\.path), "bucket \(index + 1) is in path order")
        }
        // Nothing else: the buckets hold the definitions' code and nothing more.
        let bucketLines = buckets.flatMap { Self.code(Self.body(bucketed[$0]!)) }.sorted()
        let definitionLines = definitions.flatMap { Self.code(Self.body(plain[$0]!)) }.sorted()
        #expect(bucketLines == definitionLines)
    }

    @Test func theBucketFollowsTheName() {
        // A fragment and an operation: the bucket their GraphQL names hash to.
        let bucketed = Self.files(Self.configuration(buckets: 5))
        for (name, declaration) in [("CourseCard", "public struct CourseCard: Fragment {"),
                                    ("CourseDetail", "public struct CourseDetailQuery: GraphQLQuery,")] {
            let bucket = "GraftBucket-\(FileBuckets.index(of: name, count: 5) + 1).graphql.swift"
            #expect(bucketed[bucket]?.contains(declaration) == true, "\(name) in \(bucket)")
            #expect(bucketed.filter { $0.value.contains(declaration) }.count == 1)
        }
    }

    @Test func theInputOrderDoesNotMatter() throws {
        let operations = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/Operations").sorted()
            .map { Self.root + "/Operations/" + $0 }
        #expect(operations.count > 10)
        let forward = Self.files(Self.configuration(buckets: 3, operations: operations))
        let backward = Self.files(Self.configuration(buckets: 3, operations: operations.reversed()))
        #expect(forward.count == 4)
        #expect(forward == backward)
    }

    @Test func addingAnOperationChangesOneBucket() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graft-buckets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let added = folder.appendingPathComponent("Added.graphql").path
        try "query AddedProbe { viewer { id } }\n".write(toFile: added, atomically: true, encoding: .utf8)
        for layout in [SwiftGenerator.Layout.perDefinition, .perInputFile] {
            let before = Self.files(Self.configuration(buckets: 6), layout: layout)
            let after = Self.files(Self.configuration(buckets: 6, operations: [Self.root + "/Operations", added]), layout: layout)
            #expect(before.keys.sorted() == after.keys.sorted())
            let changed = after.keys.filter { before[$0] != after[$0] }
            #expect(changed == ["GraftBucket-\(FileBuckets.index(of: "AddedProbe", count: 6) + 1).graphql.swift"], "\(layout)")
            #expect(changed.allSatisfy { after[$0]!.contains("struct AddedProbeQuery") })
        }
    }

    @Test func perInputFileBucketsOperationsAndKeepsGraftSchema() throws {
        var configuration = Self.configuration(buckets: 3)
        configuration.namespace = "API"
        let files = Self.files(configuration, layout: .perInputFile)
        // The names the build plugin declares (GraftInputs.outputFiles).
        #expect(files.keys.sorted() == ["GraftBucket-1.graphql.swift", "GraftBucket-2.graphql.swift", "GraftBucket-3.graphql.swift",
                                        "GraftSchema.swift"])
        let schema = try #require(files["GraftSchema.swift"])
        #expect(schema.contains("public enum API {}") && schema.contains("static let schemaMetadata"))
        #expect(files.filter { $0.value.contains("public struct CourseCard: GraftAPI.Fragment") }.map(\.key).count == 1)
        for bucket in files.keys where bucket != "GraftSchema.swift" {
            #expect(files[bucket]!.components(separatedBy: "extension API {").count == 2, "\(bucket): one namespace extension")
        }
    }

    @Test func emptyBucketsAreWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graft-buckets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let only = folder.appendingPathComponent("Only.graphql").path
        try "query Only { viewer { id } }\n".write(toFile: only, atomically: true, encoding: .utf8)
        // One operation in ten buckets: nine files of imports alone, as the build plugin declared them.
        let files = Self.files(Self.configuration(buckets: 10, operations: [only]), layout: .perInputFile)
        #expect(files.count == 11)
        #expect(files.values.filter { Self.body($0).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }.count == 9)
    }

    @Test func operationFilesOfOneNameDoNotClashWhenBucketed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graft-buckets-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (sub, query) in [("A", "query FromA { viewer { id } }"), ("B", "query FromB { viewer { name } }")] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
            try query.write(to: folder.appendingPathComponent(sub + "/Same.graphql"), atomically: true, encoding: .utf8)
        }
        let paths = [folder.appendingPathComponent("A").path, folder.appendingPathComponent("B").path]
        let clashing = CodeGenerator.run(Self.configuration(buckets: nil, operations: paths), layout: .perInputFile)
        #expect(clashing.errors.count == 1)
        #expect(CodeGenerator.run(Self.configuration(buckets: 2, operations: paths), layout: .perInputFile).errors.map(\.description) == [])
    }

    @Test func staleFilesGoWhenTheCountChanges() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graft-buckets-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func write(_ buckets: Int?) throws -> OutputWriter.Summary {
            try OutputWriter.write(CodeGenerator.run(Self.configuration(buckets: buckets)).files, to: folder)
        }
        let plain = try write(nil)
        #expect(plain.written.contains("Operations/CourseDetailQuery.graphql.swift"))
        let four = try write(4)
        // Every file of one definition goes; the metadata stays (unchanged).
        #expect(four.removed == plain.written.filter { $0 != "Schema/SchemaMetadata.graphql.swift" }.sorted())
        #expect(four.written.sorted() == (1...4).map { "GraftBucket-\($0).graphql.swift" })
        let two = try write(2)
        #expect(two.removed == ["GraftBucket-3.graphql.swift", "GraftBucket-4.graphql.swift"])
        let again = try write(nil)
        #expect(again.removed == ["GraftBucket-1.graphql.swift", "GraftBucket-2.graphql.swift"])
        #expect(Set(try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") })
                == Set(plain.written))
    }

    /// The one-process run: each module its own buckets, and a schema module of used types takes
    /// the same types from bucketed modules as from unbucketed ones.
    @Test func eachModuleOfARunHasItsOwnBuckets() throws {
        let modular = Self.root + "/Tests/GraftCodegenTests/Fixtures/Modular"
        func load(_ module: String) throws -> GraftConfiguration {
            try GraftConfiguration.load(path: "\(modular)/\(module)/graft.json")
        }
        var schema = try load("Schema"), core = try load("Core")
        var featureA = try load("FeatureA"), featureB = try load("FeatureB")
        core.operationPaths = [modular + "/Core"]
        schema.schemaTypes = .used
        schema.usedBy = [modular + "/Core", modular + "/FeatureA/HeroA.graphql", modular + "/FeatureB/HeroB.graphql"]
        let plain = [schema, core, featureA, featureB]
        #expect(CodeGenerator.dependentModules(of: 0, in: plain) == [1, 2, 3])
        schema.fileBuckets = 2
        featureA.fileBuckets = 3
        featureB.fileBuckets = 1
        let bucketed = [schema, core, featureA, featureB]
        func run(_ configurations: [GraftConfiguration]) -> [[GeneratedFile]] {
            CodeGenerator.run(configurations) { _, result in
                #expect(result.errors.map(\.description) == [])
                return result.files
            }
        }
        let plainFiles = run(plain), bucketedFiles = run(bucketed)
        #expect(bucketedFiles[2].map(\.path) == (1...3).map { "GraftBucket-\($0).graphql.swift" })
        #expect(bucketedFiles[3].map(\.path) == ["GraftBucket-1.graphql.swift"])
        #expect(bucketedFiles[1] == plainFiles[1])
        // The schema module's buckets hold the same types as its files without buckets.
        let alone = CodeGenerator.run(schema).files
        #expect(bucketedFiles[0] == alone)
        #expect(bucketedFiles[0].map(\.path) == ["GraftBucket-1.graphql.swift", "GraftBucket-2.graphql.swift",
                                                "Schema/SchemaMetadata.graphql.swift"])
        let typeLines = plainFiles[0].filter { $0.path != "Schema/SchemaMetadata.graphql.swift" }
            .flatMap { Self.body($0.contents).split(separator: "\n") }.sorted()
        #expect(!typeLines.isEmpty)
        #expect(bucketedFiles[0].filter { $0.path.hasPrefix("GraftBucket") }.flatMap { Self.body($0.contents).split(separator: "\n") }.sorted()
                == typeLines)
    }
}
