import Foundation
import GraftCodegen
import Testing

/// Field policies in the generated schema metadata: `@fieldPolicy(forField:keyArgs:)` in the schema
/// and `pagination` in graft.json.
@Suite struct FieldPolicyGenerationTests {
    static let schema = """
        type Query @fieldPolicy(forField: "book", keyArgs: "id") @fieldPolicy(forField: "item", keyArgs: "id") {
          book(id: ID!): Book
          item(id: ID!): Item
          books(first: Int, after: String): BookConnection!
        }
        type Book { id: ID! title: String! }
        type Magazine { id: ID! }
        union Item = Book | Magazine
        type BookConnection { edges: [BookEdge!]! }
        type BookEdge { cursor: String! node: Book! }
        """

    /// Generates for the schema and one query; returns the metadata file's text or the errors.
    static func generate(pagination: [String: GraftConfiguration.Pagination]) throws -> (metadata: String?, errors: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graft-policies-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try schema.write(to: folder.appendingPathComponent("schema.graphqls"), atomically: true, encoding: .utf8)
        try "query Books { books(first: 2) { edges { node { id title } } } book(id: \"1\") { title } }"
            .write(to: folder.appendingPathComponent("Books.graphql"), atomically: true, encoding: .utf8)
        var configuration = GraftConfiguration(schemaPaths: [folder.appendingPathComponent("schema.graphqls").path],
                                               operationPaths: [folder.appendingPathComponent("Books.graphql").path])
        configuration.pagination = pagination
        let result = CodeGenerator.run(configuration)
        return (result.files.first { $0.path.hasSuffix("SchemaMetadata.graphql.swift") }?.contents, result.errors.map(\.description))
    }

    @Test func policiesAreInTheMetadata() throws {
        let (metadata, errors) = try Self.generate(pagination: ["Query.books": .relay])
        #expect(errors == [])
        let text = try #require(metadata)
        #expect(text.contains(#""Query.book": .redirect(keyArgs: ["id"], typenames: ["Book"])"#))
        #expect(text.contains(#""Query.item": .redirect(keyArgs: ["id"], typenames: ["Book", "Magazine"])"#))
        #expect(text.contains(#""Query.books": .relay"#))
    }

    @Test func paginationOfAFieldTheSchemaLacksIsAnError() throws {
        let (_, errors) = try Self.generate(pagination: ["Query.bookz": .relay])
        #expect(errors.count == 1)
        #expect(errors.first?.hasSuffix("error: graft.json: 'pagination' names Query.bookz, which is not a field of the schema") == true)
    }
}
