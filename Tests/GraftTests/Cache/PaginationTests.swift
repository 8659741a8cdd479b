@_spi(Generated) import Graft
import Testing

/// Offset-paged lists merged in the normalized cache (Relay connections are tested against the
/// server in IntegrationTests): each page lands at its offset, a page at offset 0 starts over.
@Suite struct PaginationTests {
    /// `query Characters($offset: Int, $limit: Int) { characters(offset: $offset, limit: $limit) { __typename id name } }`
    /// (written by hand: no golden schema has a list paged by offset and limit).
    struct CharactersQuery: GraphQLQuery {
        static let operationName = "Characters"
        static let operationKind = OperationKind.query
        static let document = OperationDocument(definition: "query Characters($offset: Int, $limit: Int) { characters(offset: $offset, limit: $limit) { __typename id name } }")
        var offset: GraphQLNullable<Int> = nil
        var limit: GraphQLNullable<Int> = nil
        var __variables: [String: any InputValueConvertible] { ["offset": offset, "limit": limit] }

        struct Data: SelectionSet {
            static let __selections: [Selection] = [
                .field("characters", [Character].self, arguments: ["offset": .variable("offset"), "limit": .variable("limit")]),
            ]
            let __data: ObjectData
            let characters: [Character]
            init(_ data: ObjectData) throws(ResponseDecodingError) { __data = data; characters = try data["characters"] }
        }
    }

    /// `{ __typename id name }` of a character.
    struct Character: SelectionSet {
        static let __selections: [Selection] = [.field("__typename", String.self), .field("id", String.self), .field("name", String.self)]
        let __data: ObjectData
        let name: String
        init(_ data: ObjectData) throws(ResponseDecodingError) { __data = data; name = try data["name"] }
    }

    static func page(_ names: [String], from offset: Int) -> [String: JSONValue] {
        ["characters": .array(names.enumerated().map { index, name in
            ["__typename": "Human", "id": .string("\(offset + index)"), "name": .string(name)]
        })]
    }

    static func names(_ store: CacheStore) async throws -> [String] {
        try await store.read(CharactersQuery(offset: 0, limit: 2)).data.characters.map(\.name)
    }

    @Test func pagesLandAtTheirOffsetAndOffsetZeroStartsOver() async throws {
        let store = CacheStore(configuration: CacheConfiguration(fieldPolicies: ["Query.characters": .offset]))
        try await store.write(responseData: Self.page(["Luke", "Leia"], from: 0), for: CharactersQuery(offset: 0, limit: 2))
        try await store.write(responseData: Self.page(["Han", "Chewie"], from: 2), for: CharactersQuery(offset: 2, limit: 2))
        #expect(try await Self.names(store) == ["Luke", "Leia", "Han", "Chewie"])
        // Any page's query reads the whole list: the key leaves offset and limit out.
        #expect(try await store.read(CharactersQuery(offset: 2, limit: 2)).data.characters.count == 4)
        // A page loaded again replaces its items in place.
        try await store.write(responseData: Self.page(["Leia Organa", "Han Solo"], from: 1), for: CharactersQuery(offset: 1, limit: 2))
        #expect(try await Self.names(store) == ["Luke", "Leia Organa", "Han Solo", "Chewie"])
        // A page past the end is padded with nulls, which a non-null list cannot read.
        try await store.write(responseData: Self.page(["R2-D2"], from: 6), for: CharactersQuery(offset: 6, limit: 2))
        await #expect(throws: CacheMiss.self) { try await Self.names(store) }
        // Offset 0 starts over.
        try await store.write(responseData: Self.page(["Vader"], from: 0), for: CharactersQuery(offset: 0, limit: 2))
        #expect(try await Self.names(store) == ["Vader"])
    }

    /// An offset comes from the app's variables: one far past the merged list must not pad it with
    /// millions of nulls, nor overflow at `Int.max`; the write fails and the list is kept.
    @Test func anOffsetFarPastTheListIsAnErrorNotMillionsOfNulls() async throws {
        let store = CacheStore(configuration: CacheConfiguration(fieldPolicies: ["Query.characters": .offset]))
        try await store.write(responseData: Self.page(["Luke", "Leia"], from: 0), for: CharactersQuery(offset: 0, limit: 2))
        for offset in [Int.max, 50_000_000] {
            let error = await #expect(throws: GraftError.self) {
                try await store.write(responseData: Self.page(["Han"], from: 0), for: CharactersQuery(offset: .some(offset), limit: 2))
            }
            #expect(error?.code == .cache)
        }
        #expect(try await Self.names(store) == ["Luke", "Leia"])
        // A gap within the bound is still padded, as before.
        try await store.write(responseData: Self.page(["R2-D2"], from: 0), for: CharactersQuery(offset: 1_000, limit: 2))
        await #expect(throws: CacheMiss.self) { try await Self.names(store) }
    }

    @Test func withoutAPolicyEachPageIsItsOwnField() async throws {
        let store = CacheStore()
        try await store.write(responseData: Self.page(["Luke", "Leia"], from: 0), for: CharactersQuery(offset: 0, limit: 2))
        try await store.write(responseData: Self.page(["Han"], from: 2), for: CharactersQuery(offset: 2, limit: 2))
        #expect(try await Self.names(store) == ["Luke", "Leia"])
    }
}
