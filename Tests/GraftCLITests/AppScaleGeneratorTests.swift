import Foundation
import GraftTestSupport
import Testing

/// The app-scale benchmark's app generator (`Scripts/bench/make-app-scale.py`) writes documents
/// that `graft validate` accepts over GitHub's schema, module by module as the benchmark generates
/// them, and its two edits (a field added to an operation, and to a fragment) keep them valid.
@Suite(.requiresCorpora("the app-scale generator's documents over GitHub's schema"))
struct AppScaleGeneratorTests {
    @Test func twentyOperationsValidateBeforeAndAfterTheBenchmarksEdits() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("graft-app-scale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let schema = Corpora.url("schemas/apollo-ios-dev/GitHubAPI/graphql/schema.graphqls").path
        let made = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", Repository.url("Scripts/bench/make-app-scale.py").path,
                                                         "--schema", schema, "--operations", "20", "--output", root.path])
        try #require(made.status == 0, "\(made.output)")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("app-scale.json")))
            as? [String: Any])
        let features = try #require(manifest["features"] as? [String])
        #expect(!features.isEmpty)
        let fragments = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources/CoreAPI/GraphQL").path)
        #expect(fragments.count == manifest["fragments"] as? Int && fragments.count >= 2)

        try await Self.expectValid(root, features: features, operations: 20, fragments: fragments.count)
        for key in ["operationEdit", "fragmentEdit"] {
            let edit = try #require(manifest[key] as? [String: Any])
            let file = root.appendingPathComponent(try #require(edit["file"] as? String))
            let text = try String(contentsOf: file, encoding: .utf8)
            let find = try #require(edit["find"] as? String), replace = try #require(edit["replace"] as? String)
            #expect(find != replace && text.contains(find), "\(key)")
            try text.replacingOccurrences(of: find, with: replace).write(to: file, atomically: true, encoding: .utf8)
        }
        try await Self.expectValid(root, features: features, operations: 20, fragments: fragments.count)
    }

    /// Validates the fragments module, then each feature module with the fragments module upstream,
    /// and expects every operation and fragment counted.
    static func expectValid(_ root: URL, features: [String], operations: Int, fragments: Int) async throws {
        let schema = ["validate", "--schema", "Schema/schema.graphqls"]
        let core = try await GraftTool.run(schema + ["--operations", "Sources/CoreAPI/GraphQL"], in: root)
        #expect(core.status == 0 && core.standardOutput.contains("\(fragments) fragments valid"), "\(core.standardOutput)\(core.standardError)")
        var validated = 0
        for feature in features {
            let result = try await GraftTool.run(schema + ["--operations", "Sources/\(feature)/GraphQL", "--upstream",
                                                           "CoreAPI=Sources/CoreAPI/GraphQL"], in: root)
            #expect(result.status == 0, "\(feature): \(result.standardError)")
            let count = result.standardOutput.split(separator: " ").first.flatMap { Int($0) }
            validated += count ?? 0
        }
        #expect(validated == operations)
    }
}
