@_spi(Generated) import Graft
import CourseCatalogAPI
import Testing

/// Offset-paged lists merged in the normalized cache (Relay connections are tested against the
/// server in IntegrationTests), with the example API's `Instructors` query: each page lands at its
/// offset, a page at offset 0 starts over. graft.json gives `Query.instructors` the offset policy,
/// so the generated schema metadata carries it.
@Suite struct PaginationTests {
    typealias Page = InstructorsQuery

    /// A store with the example API's schema metadata (and so its offset policy).
    static func store() -> CacheStore {
        CacheStore(configuration: CacheConfiguration(schema: CourseCatalogAPI.schemaMetadata))
    }

    static func page(_ names: [String], from offset: Int) -> [String: JSONValue] {
        ["instructors": .array(names.enumerated().map { index, name in
            ["__typename": "User", "id": .string("user-\(offset + index)"), "name": .string(name)]
        })]
    }

    static func names(_ store: CacheStore) async throws -> [String] {
        try await store.read(Page(offset: 0, limit: 2)).data.instructors.map(\.name)
    }

    @Test func pagesLandAtTheirOffsetAndOffsetZeroStartsOver() async throws {
        let store = Self.store()
        try await store.write(responseData: Self.page(["Ada", "Chen"], from: 0), for: Page(offset: 0, limit: 2))
        try await store.write(responseData: Self.page(["Dana", "Eli"], from: 2), for: Page(offset: 2, limit: 2))
        #expect(try await Self.names(store) == ["Ada", "Chen", "Dana", "Eli"])
        // Any page's query reads the whole list: the key leaves offset and limit out.
        #expect(try await store.read(Page(offset: 2, limit: 2)).data.instructors.count == 4)
        // A page loaded again replaces its items in place.
        try await store.write(responseData: Self.page(["Chen Wei", "Dana Ruiz"], from: 1), for: Page(offset: 1, limit: 2))
        #expect(try await Self.names(store) == ["Ada", "Chen Wei", "Dana Ruiz", "Eli"])
        // A page past the end is padded with nulls, which a non-null list cannot read.
        try await store.write(responseData: Self.page(["Femi"], from: 6), for: Page(offset: 6, limit: 2))
        await #expect(throws: CacheMiss.self) { try await Self.names(store) }
        // Offset 0 starts over.
        try await store.write(responseData: Self.page(["Grace"], from: 0), for: Page(offset: 0, limit: 2))
        #expect(try await Self.names(store) == ["Grace"])
    }

    /// A schema whose query root is not named `Query` (Shopify's `QueryRoot`): its generated
    /// metadata names the root and keys the policy by that name, and the pages still merge.
    @Test func aRootTypeOfAnotherNameGoesByTheSchemasName() async throws {
        let schema = SchemaMetadata(fieldPolicies: ["QueryRoot.instructors": .offset], rootTypenames: [.query: "QueryRoot"])
        let store = CacheStore(configuration: CacheConfiguration(schema: schema))
        try await store.write(responseData: Self.page(["Ada", "Chen"], from: 0), for: Page(offset: 0, limit: 2))
        try await store.write(responseData: Self.page(["Dana"], from: 2), for: Page(offset: 2, limit: 2))
        #expect(try await Self.names(store) == ["Ada", "Chen", "Dana"])
        // A policy given by hand under the usual name still applies.
        let byHand = CacheStore(configuration: CacheConfiguration(schema: SchemaMetadata(rootTypenames: [.query: "QueryRoot"]),
                                                                  fieldPolicies: ["Query.instructors": .offset]))
        try await byHand.write(responseData: Self.page(["Ada", "Chen"], from: 0), for: Page(offset: 0, limit: 2))
        try await byHand.write(responseData: Self.page(["Dana"], from: 2), for: Page(offset: 2, limit: 2))
        #expect(try await Self.names(byHand) == ["Ada", "Chen", "Dana"])
    }

    /// An offset comes from the app's variables: one far past the merged list must not pad it with
    /// millions of nulls, nor overflow at `Int.max`; the write fails and the list is kept.
    @Test func anOffsetFarPastTheListIsAnErrorNotMillionsOfNulls() async throws {
        let store = Self.store()
        try await store.write(responseData: Self.page(["Ada", "Chen"], from: 0), for: Page(offset: 0, limit: 2))
        for offset in [Int.max, 50_000_000] {
            let error = await #expect(throws: GraftError.self) {
                try await store.write(responseData: Self.page(["Dana"], from: 0), for: Page(offset: .some(offset), limit: 2))
            }
            #expect(error?.code == .cache)
        }
        #expect(try await Self.names(store) == ["Ada", "Chen"])
        // A gap within the bound is still padded, as before.
        try await store.write(responseData: Self.page(["Femi"], from: 0), for: Page(offset: 1_000, limit: 2))
        await #expect(throws: CacheMiss.self) { try await Self.names(store) }
    }

    @Test func withoutAPolicyEachPageIsItsOwnField() async throws {
        // Schema metadata without field policies (and so no offset policy to adopt).
        let store = CacheStore(configuration: CacheConfiguration(schema: SchemaMetadata(keyFields: ["User": ["id"]])))
        try await store.write(responseData: Self.page(["Ada", "Chen"], from: 0), for: Page(offset: 0, limit: 2))
        try await store.write(responseData: Self.page(["Dana"], from: 2), for: Page(offset: 2, limit: 2))
        #expect(try await Self.names(store) == ["Ada", "Chen"])
    }
}
