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
    static func generate(pagination: [String: GraftConfiguration.Pagination], maxAges: [String: Int] = [:],
                         onError: String? = nil, schema: String = schema) throws -> (metadata: String?, errors: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graft-policies-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try schema.write(to: folder.appendingPathComponent("schema.graphqls"), atomically: true, encoding: .utf8)
        try "query Books { books(first: 2) { edges { node { id title } } } book(id: \"1\") { title } }"
            .write(to: folder.appendingPathComponent("Books.graphql"), atomically: true, encoding: .utf8)
        var configuration = GraftConfiguration(schemaPaths: [folder.appendingPathComponent("schema.graphqls").path],
                                               operationPaths: [folder.appendingPathComponent("Books.graphql").path])
        configuration.pagination = pagination
        configuration.maxAges = maxAges
        configuration.onError = onError
        let result = CodeGenerator.run(configuration)
        return (result.files.first { $0.path.hasSuffix("SchemaMetadata.graphql.swift") }?.contents, result.errors.map(\.description))
    }

    @Test func maxAgesAreInTheMetadataAfterThePolicies() throws {
        let (metadata, errors) = try Self.generate(pagination: ["Query.books": .relay], maxAges: ["Book": 300, "Book.title": 60])
        #expect(errors == [])
        let text = try #require(metadata)
        #expect(text.contains(#"maxAges: ["Book": .seconds(300), "Book.title": .seconds(60)]"#))
        #expect(text.contains("\t],\n\tmaxAges: "))
        // Without pagination or policies the key fields come first, then the ages close the call.
        let alone = try #require(try Self.generate(pagination: [:], maxAges: ["Book": 5]).metadata)
        #expect(alone.contains(#"maxAges: ["Book": .seconds(5)]"#))
        #expect(try #require(try Self.generate(pagination: [:]).metadata).contains("maxAges") == false)
    }

    @Test func rootTypesOfOtherNamesAreInTheMetadataLast() throws {
        let renamed = "schema { query: QueryRoot mutation: Mutation subscription: Events }\n"
            + Self.schema.replacingOccurrences(of: "type Query ", with: "type QueryRoot ")
            + "\ntype Mutation { touch: Int }\ntype Events { tick: Int }"
        let (metadata, errors) = try Self.generate(pagination: ["QueryRoot.books": .relay], onError: "NULL", schema: renamed)
        #expect(errors == [])
        let text = try #require(metadata)
        #expect(text.contains(#""QueryRoot.books": .relay"#))
        #expect(text.contains("\tonError: \"NULL\",\n\trootTypenames: [.query: \"QueryRoot\", .subscription: \"Events\"]\n)"))
        // The usual names need none.
        #expect(try #require(try Self.generate(pagination: [:]).metadata).contains("rootTypenames") == false)
    }

    @Test func maxAgesOfNamesTheSchemaLacksAreErrors() throws {
        let (_, errors) = try Self.generate(pagination: [:], maxAges: ["Bok": 5, "Book.titel": 5, "Item": 5])
        #expect(errors.map { $0.replacingOccurrences(of: "<schema>: error: ", with: "") } == [
            "graft.json: 'maxAges' names Bok, which is not an object or interface type of the schema",
            "graft.json: 'maxAges' names Book.titel, which is not a field of the schema",
            "graft.json: 'maxAges' names Item, which is not an object or interface type of the schema",
        ])
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
