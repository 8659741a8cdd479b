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

    @Test func commentsAreDroppedOnlyOutsideStrings() {
        let json = "{\"a\": \"x//y\\\"//z\", // note\n\"b\": 1}\n// end"
        let plain = String(decoding: GraftInputs.withoutComments(Data(json.utf8)), as: UTF8.self)
        #expect(plain == "{\"a\": \"x//y\\\"//z\", \n\"b\": 1}\n")
    }
}
