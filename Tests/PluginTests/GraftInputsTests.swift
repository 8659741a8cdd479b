import Foundation
import Testing

/// The plugins' input finding, compiled into this test target through the symlink
/// `GraftInputs.swift` → `Plugins/GraftBuildPlugin/GraftInputs.swift`.
@Suite struct GraftInputsTests {
    /// A folder with the given files (path → contents).
    static func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("graft-inputs-\(UUID().uuidString)")
        for (path, text) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func sortsATargetsFilesIntoSchemaOperationsAndConfiguration() throws {
        let root = try Self.folder([
            "T/Schema/api.graphqls": "type Query { a: Int }",
            "T/Ops/B.graphql": "query B { a }",
            "T/A.graphql": "query A { a }",
            "T/introspection.json": "{\"data\": {\"__schema\": {}}}",
            "T/fixture.json": "{\"a\": 1}",
            "T/Code.swift": "",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let files = try FileManager.default.subpathsOfDirectory(atPath: root.path).map { root.appendingPathComponent($0) }
        let inputs = try GraftInputs(files: files)
        #expect(inputs.schemas.map(\.lastPathComponent) == ["api.graphqls", "introspection.json"])
        #expect(inputs.operations.map(\.lastPathComponent) == ["A.graphql", "B.graphql"])
        #expect(inputs.config == nil)
        #expect(inputs.outputFiles(in: URL(fileURLWithPath: "/out")).map(\.path)
                == ["/out/A.graphql.swift", "/out/B.graphql.swift", "/out/GraftSchema.swift"])
        #expect(inputs.clashingOperations.isEmpty)
        let arguments = inputs.generateArguments(output: URL(fileURLWithPath: "/out"), manifest: URL(fileURLWithPath: "/work/m.json"))
        #expect(arguments.prefix(4) == ["generate", "--per-input-file", "--output", "/out"])
        #expect(!arguments.contains("--persisted-query-manifest"))
        #expect(arguments.filter { $0 == "--schema" }.count == 2 && arguments.filter { $0 == "--operations" }.count == 2)
    }

    @Test func graftJSONWithCommentsNamesPathsOutsideTheTarget() throws {
        let root = try Self.folder([
            "Shared/Schema/api.graphqls": "type Query { a: Int }",
            "Shared/Ops/Deep/C.graphql": "query C { a }",
            "Shared/Ops/notes.txt": "",
            "T/graft.json": """
                // Comments on their own line,
                {
                  "schema": ["../Shared/Schema"], // after a value,
                  "operations": "../Shared/Ops",
                  "namespace": "A//B", // and a string holding //
                  "persistedQueryManifest": "pq.json"
                }
                """,
            "T/A.graphql": "query A { a }",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let inputs = try GraftInputs(files: [root.appendingPathComponent("T/graft.json"), root.appendingPathComponent("T/A.graphql")])
        #expect(inputs.config?.lastPathComponent == "graft.json")
        #expect(inputs.schemas.map(\.path) == [root.appendingPathComponent("Shared/Schema").standardizedFileURL.path])
        #expect(inputs.schemaFiles.map(\.lastPathComponent) == ["api.graphqls"])
        // Sorted by path: Shared/… before T/….
        #expect(inputs.operations.map(\.lastPathComponent) == ["C.graphql", "A.graphql"])
        #expect(inputs.all.count == 4)
        #expect(inputs.wantsManifest)
        let arguments = inputs.generateArguments(output: URL(fileURLWithPath: "/out"), manifest: URL(fileURLWithPath: "/work/m.json"))
        #expect(arguments.contains("--persisted-query-manifest") && arguments.contains("/work/m.json"))
        #expect(arguments.contains("--config"))
    }

    @Test func operationFilesWithTheSameNameClash() throws {
        let files = ["/t/A/Search.graphql", "/t/B/Search.graphql", "/t/Other.graphql"].map { URL(fileURLWithPath: $0) }
        let inputs = try GraftInputs(files: files)
        #expect(inputs.clashingOperations.map(\.output) == ["Search.graphql.swift"])
        #expect(inputs.clashingOperations.first?.files.map(\.path) == ["/t/A/Search.graphql", "/t/B/Search.graphql"])
    }

    /// With `fileBuckets`, the declared outputs are the bucket files `graft generate
    /// --per-input-file` writes (`FileBucketsTests.perInputFileBucketsOperationsAndKeepsGraftSchema`
    /// pins the same names), whatever the operation files; operation files of one name do not clash.
    @Test func fileBucketsDeclareTheBucketFiles() throws {
        func inputs(_ buckets: String) throws -> GraftInputs {
            let root = try Self.folder([
                "T/schema.graphqls": "type Query { a: Int }",
                "T/A/Search.graphql": "query A { a }",
                "T/B/Search.graphql": "query B { a }",
                "T/graft.json": "{\"fileBuckets\": \(buckets)} // comment",
            ])
            defer { try? FileManager.default.removeItem(at: root) }
            return try GraftInputs(files: try FileManager.default.subpathsOfDirectory(atPath: root.path).map { root.appendingPathComponent($0) })
        }
        let bucketed = try inputs("3")
        #expect(bucketed.fileBuckets == 3)
        #expect(bucketed.outputFiles(in: URL(fileURLWithPath: "/out")).map(\.path)
                == ["/out/GraftBucket-1.graphql.swift", "/out/GraftBucket-2.graphql.swift", "/out/GraftBucket-3.graphql.swift",
                    "/out/GraftSchema.swift"])
        #expect(bucketed.clashingOperations.isEmpty)
        // The count planned with is passed, so graft writes the declared files even after graft.json changes.
        let arguments = bucketed.generateArguments(output: URL(fileURLWithPath: "/out"))
        #expect(arguments.contains("--config"))
        #expect(arguments.firstIndex(of: "--file-buckets").map { arguments[$0 + 1] } == "3")
        // Values graft rejects (with their line and column) declare what a run without the key would.
        for wrong in ["0", "-1", "2.5", "\"3\"", "100000", "null"] {
            let inputs = try inputs(wrong)
            #expect(inputs.fileBuckets == nil, "\(wrong)")
            #expect(inputs.outputFiles(in: URL(fileURLWithPath: "/out")).map(\.lastPathComponent)
                    == ["Search.graphql.swift", "Search.graphql.swift", "GraftSchema.swift"])
            #expect(inputs.clashingOperations.map(\.output) == ["Search.graphql.swift"])
            let arguments = inputs.generateArguments(output: URL(fileURLWithPath: "/out"))
            #expect(arguments.firstIndex(of: "--file-buckets").map { arguments[$0 + 1] } == "none")
        }
    }

    /// A schema saved as `.graphql` (GitHub publishes `schema.docs.graphql`) is told from operations
    /// by its first definition, read past comments and descriptions.
    @Test func graphQLFilesOfTypeDefinitionsAreSchema() throws {
        let root = try Self.folder([
            "T/schema.docs.graphql": "\u{FEFF}# GitHub's schema\n\"\"\"\nMarks an element \\\"\"\" query { x }\n\"\"\"\ndirective @preview(toggledBy: String!) on FIELD\ntype Query { a: Int }",
            "T/Extend.graphql": "\"A \\\" description\" , extend type Query { b: Int }",
            "T/Described.graphql": "\"\"\"An operation with a description\"\"\"\nquery Described { a }",
            "T/Shorthand.graphql": "# comment\n{ a }",
            "T/Fragment.graphql": "fragment F on Query { a }",
            "T/Empty.graphql": "",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let files = try FileManager.default.subpathsOfDirectory(atPath: root.path).map { root.appendingPathComponent($0) }
        let inputs = try GraftInputs(files: files)
        #expect(inputs.schemas.map(\.lastPathComponent) == ["Extend.graphql", "schema.docs.graphql"])
        #expect(inputs.schemaFiles.map(\.lastPathComponent) == ["Extend.graphql", "schema.docs.graphql"])
        #expect(inputs.operations.map(\.lastPathComponent) == ["Described.graphql", "Empty.graphql", "Fragment.graphql", "Shorthand.graphql"])
        #expect(inputs.outputFiles(in: URL(fileURLWithPath: "/out")).map(\.lastPathComponent)
                == ["Described.graphql.swift", "Empty.graphql.swift", "Fragment.graphql.swift", "Shorthand.graphql.swift", "GraftSchema.swift"])
        #expect(inputs.missingSchemaMessage(target: "T", directory: root.appendingPathComponent("T")) == nil)
    }

    /// Without a schema, the message names the target, the files seen and the fix (rather than
    /// `graft` looking in its default folder and failing with "Schemas: no such file or directory").
    @Test func aTargetWithoutASchemaIsExplained() throws {
        let root = try Self.folder([
            "T/Ops/A.graphql": "query A { a }",
            "T/schema.sdl": "type Query { a: Int }",
            "T/Code.swift": "",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let files = ["T/schema.sdl", "T/Ops/A.graphql", "T/Code.swift"].map { root.appendingPathComponent($0) }
        let inputs = try GraftInputs(files: files)
        let message = try #require(inputs.missingSchemaMessage(target: "API", directory: root.appendingPathComponent("T")))
        #expect(message == "target 'API' has no GraphQL schema: none of its files is a .graphqls file, a .graphql file of type "
                + "definitions or an introspection result (.json holding \"__schema\"), and it has no graft.json. "
                + "Files seen: operations Ops/A.graphql; others schema.sdl. Rename the schema file to end in .graphqls "
                + "(for example schema.graphqls), or add to the target a graft.json with "
                + "\"schema\": [\"<path to the schema, relative to graft.json>\"].")

        let configured = try Self.folder(["T/graft.json": "{\"namespace\": \"API\"}", "T/A.graphql": "query A { a }"])
        defer { try? FileManager.default.removeItem(at: configured) }
        let withConfig = try GraftInputs(files: ["T/graft.json", "T/A.graphql"].map { configured.appendingPathComponent($0) })
        let named = try #require(withConfig.missingSchemaMessage(target: "API", directory: configured.appendingPathComponent("T")))
        #expect(named.contains("and its graft.json names no \"schema\". Files seen: operations A.graphql. "), "\(named)")
        // Long lists are cut.
        let many = try GraftInputs(files: (1...12).map { URL(fileURLWithPath: "/t/Ops/Q\($0).graphql") })
        let cut = try #require(many.missingSchemaMessage(target: "API", directory: URL(fileURLWithPath: "/t")))
        #expect(cut.contains("Files seen: operations Ops/Q1.graphql, Ops/Q10.graphql, Ops/Q11.graphql, Ops/Q12.graphql, Ops/Q2.graphql, "
                             + "Ops/Q3.graphql, Ops/Q4.graphql, Ops/Q5.graphql, Ops/Q6.graphql, Ops/Q7.graphql and 2 more. "), "\(cut)")
        // A graft.json that names a schema leaves the reporting of that path to graft.
        let elsewhere = try Self.folder(["T/graft.json": "{\"schema\": \"../S\"}"])
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let pointed = try GraftInputs(files: [elsewhere.appendingPathComponent("T/graft.json"), URL(fileURLWithPath: "/t/A.graphql")])
        #expect(pointed.missingSchemaMessage(target: "API", directory: elsewhere.appendingPathComponent("T")) == nil)
    }

    /// An Xcode target has no folder of its own: the command plugin writes beside its `graft.json`,
    /// else in the deepest folder holding all of its own GraphQL files (not those `graft.json`
    /// names elsewhere, nor its Swift files).
    @Test func generatedFolderOfATargetWithoutAFolder() throws {
        let root = try Self.folder([
            "App/Features/API/Schema/schema.graphqls": "type Query { a: Int }",
            "App/Features/API/Ops/A.graphql": "query A { a }",
            "App/Features/API/B.graphql": "query B { a }",
            "App/AppMain.swift": "",
            "Shared/Ops/C.graphql": "query C { a }",
            "Configured/graft.json": #"{ "schema": "../App/Features/API/Schema", "operations": "../Shared/Ops" }"#,
            "Configured/Deep/D.graphql": "query D { a }",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let own = ["App/Features/API/Schema/schema.graphqls", "App/Features/API/Ops/A.graphql", "App/Features/API/B.graphql",
                   "App/AppMain.swift"].map { root.appendingPathComponent($0) }
        let inputs = try GraftInputs(files: own)
        #expect(inputs.generatedFolder(targetFiles: own)?.path == root.appendingPathComponent("App/Features/API/Generated").path)

        let configured = ["Configured/graft.json", "Configured/Deep/D.graphql"].map { root.appendingPathComponent($0) }
        let withConfig = try GraftInputs(files: configured)
        #expect(withConfig.operations.count == 2)
        #expect(withConfig.generatedFolder(targetFiles: configured)?.path == root.appendingPathComponent("Configured/Generated").path)

        let swiftOnly = [root.appendingPathComponent("App/AppMain.swift")]
        #expect(try GraftInputs(files: swiftOnly).generatedFolder(targetFiles: swiftOnly) == nil)
    }

    @Test func commentsAreDroppedOnlyOutsideStrings() {
        let json = "{\"a\": \"x//y\\\"//z\", // note\n\"b\": 1}\n// end"
        let plain = String(decoding: GraftInputs.withoutComments(Data(json.utf8)), as: UTF8.self)
        #expect(plain == "{\"a\": \"x//y\\\"//z\", \n\"b\": 1}\n")
    }
}
