import Graft
import StarWarsAPI
import Testing

/// Field policies with the golden StarWars models: a field with key arguments reads an object the
/// cache already holds under `Type:<id>`, without that field ever having been fetched.
@Suite struct FieldPolicyTests {
    static let luke: [String: JSONValue] = ["__typename": "Human", "name": "Luke Skywalker", "mass": 77]

    @Test func aFieldWithKeyArgumentsReadsTheObjectCachedUnderItsKey() async throws {
        let policies: [String: FieldPolicy] = ["Query.human": .redirect(keyArgs: ["id"], typenames: ["Human"])]
        let store = CacheStore(configuration: CacheConfiguration(fieldPolicies: policies))
        try await store.write(HumanQuery.Data.Human(ObjectData(Self.luke)), at: CacheKey("Human:1000"))
        let read = try await store.read(HumanQuery(id: "1000"))
        #expect(read.data.human?.name == "Luke Skywalker")
        #expect(read.data.human?.mass == 77)
        // Another id finds nothing: a miss, not someone else's record.
        await #expect(throws: CacheMiss.self) { try await store.read(HumanQuery(id: "1001")) }
    }

    @Test func withoutThePolicyTheFieldIsAMiss() async throws {
        let store = CacheStore()
        try await store.write(HumanQuery.Data.Human(ObjectData(Self.luke)), at: CacheKey("Human:1000"))
        await #expect(throws: CacheMiss.self) { try await store.read(HumanQuery(id: "1000")) }
    }
}
