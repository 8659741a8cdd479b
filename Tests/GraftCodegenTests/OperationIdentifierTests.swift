import Foundation
import GraftCodegen
import GraftCompiler
import GraftLanguage
import GraftTestSupport
import Testing

/// Operation identifiers and one-line sources equal Apollo iOS's, as recorded in the
/// `operationIDs.json` files of its StarWars, GitHub and Upload APIs (two of which are not valid
/// JSON: they are read tolerantly). Graft's own manifest is valid JSON.
@Suite(.requiresCorpora("operation identifiers against Apollo iOS's operationIDs.json files (OperationIdentifierTests)"))
struct OperationIdentifierTests {
    static let apis: [(folder: String, schema: String, operations: String)] = [
        ("StarWarsAPI/starwars-graphql", "schema.graphqls", ""),
        ("GitHubAPI/graphql", "schema.graphqls", "Queries"),
        ("UploadAPI/graphql", "schema.graphqls", ""),
    ]

    static func compile(_ api: (folder: String, schema: String, operations: String)) throws -> IRDocument {
        let root = TestPaths.apollo.appendingPathComponent(api.folder).path
        var configuration = GraftConfiguration(schemaPaths: [root + "/" + api.schema],
                                               operationPaths: [api.operations.isEmpty ? root : root + "/" + api.operations])
        configuration.persistedQueryManifest = "unused"
        let result = CodeGenerator.run(configuration)
        #expect(result.errors.map(\.description) == [])
        return try #require(result.document)
    }

    @Test(arguments: 0..<3)
    func identifiersMatchApollo(_ index: Int) throws {
        let api = Self.apis[index]
        let manifestText = try String(contentsOf: TestPaths.apollo.appendingPathComponent(api.folder + "/operationIDs.json"), encoding: .utf8)
        let apollo = PersistedQueryManifest.readTolerantly(manifestText)
        #expect(apollo.operations.count >= 3)
        let ours = PersistedQueryManifest(document: try Self.compile(api))
        let oursByName = Dictionary(uniqueKeysWithValues: ours.operations.map { ($0.name, $0) })
        for expected in apollo.operations {
            let actual = try #require(oursByName[expected.name], "missing operation \(expected.name)")
            #expect(actual.body == expected.body, "\(expected.name)")
            #expect(actual.id == expected.id, "\(expected.name)")
            #expect(actual.type == expected.type)
        }
        #expect(Set(oursByName.keys) == Set(apollo.operations.map(\.name)))
    }

    @Test func manifestIsValidJSON() throws {
        let manifest = PersistedQueryManifest(document: try Self.compile(Self.apis[1]))
        #expect(manifest.operations.contains { $0.body.contains("\"apollo-ios\"") })
        let parsed = try JSONSerialization.jsonObject(with: Data(manifest.json.utf8)) as? [String: Any]
        #expect(parsed?["format"] as? String == "apollo-persisted-query-manifest")
        #expect(parsed?["version"] as? Int == 1)
        let operations = try #require(parsed?["operations"] as? [[String: String]])
        #expect(operations.map { $0["id"] } == manifest.operations.map(\.id))
        #expect(operations.map { $0["body"] } == manifest.operations.map(\.body))
        #expect(PersistedQueryManifest.readTolerantly(manifest.json) == manifest)
    }
}
