import Foundation
import GraftCodegen
import Testing

/// `@defer` fragments generate a nested struct and a `Graft.Deferred` property named after the label.
@Suite struct DeferredFragmentGenerationTests {
    static func generate(_ operation: String) throws -> (text: String?, errors: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graft-defer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "type Query { book: Book } type Book { id: ID! title: String! stats: Int chapters: [String!]! }"
            .write(to: folder.appendingPathComponent("schema.graphqls"), atomically: true, encoding: .utf8)
        try operation.write(to: folder.appendingPathComponent("Book.graphql"), atomically: true, encoding: .utf8)
        let configuration = GraftConfiguration(schemaPaths: [folder.appendingPathComponent("schema.graphqls").path],
                                               operationPaths: [folder.appendingPathComponent("Book.graphql").path])
        let result = CodeGenerator.run(configuration)
        return (result.files.first { $0.path.hasSuffix("BookQuery.graphql.swift") }?.contents, result.errors.map(\.description))
    }

    @Test("labels become names; a name taken by a field gets an underscore; no label is `Deferred`")
    func names() throws {
        let (text, errors) = try Self.generate("""
        query Book { book { stats ... @defer(label: "stats") { title } ... @defer { id } ... @defer(label: "9 lives") { chapters } } }
        """)
        #expect(errors == [])
        let swift = try #require(text)
        #expect(swift.contains("public let stats: Int?"))
        #expect(swift.contains("public let stats_: GraftAPI.Deferred<Stats_>"))
        #expect(swift.contains("stats_ = try data.deferred(\"stats\")"))
        #expect(swift.contains(".deferred(Stats_.self, label: \"stats\")"))
        #expect(swift.contains("public let deferred: GraftAPI.Deferred<Deferred>"))
        #expect(swift.contains("public let deferred9Lives: GraftAPI.Deferred<Deferred9Lives>"))
        #expect(swift.contains("public struct Deferred9Lives: GraftAPI.SelectionSet"))
        // Inside its fragment a field is as non-optional as the schema says.
        #expect(swift.contains("public let chapters: [String]"))
        // A model built with its initializer holds the fragment as given.
        #expect(swift.contains("stats_: GraftAPI.Deferred<Stats_> = .pending"))
        #expect(swift.contains("deferred: stats_, deferred, deferred9Lives)"))
    }

    @Test("`@stream` validates on a field and changes nothing in the generated type")
    func stream() throws {
        let (text, errors) = try Self.generate("query Book { book { chapters @stream(initialCount: 2) } }")
        #expect(errors == [])
        #expect(text?.contains("public let chapters: [String]") == true)
        #expect(text?.contains("chapters @stream(initialCount: 2)") == true)
    }
}
