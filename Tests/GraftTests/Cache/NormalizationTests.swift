import Testing
@testable import Graft
import StarWarsAPI

@Suite struct NormalizationTests {
    @Test func keysRecordsByTypenameAndIDWithArgumentsInFieldKeys() async throws {
        let store = CacheStore()
        let query = StarWarsAPI.HeroAndFriendsNamesWithIDsQuery(episode: .some(.value(.jedi)))
        try await store.write(data: try StarWars.data(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery.Data.self,
                                                      StarWars.heroAndFriends(friends: StarWars.lukeAndHan)), for: query)
        #expect(try await store.allKeys() == ["Droid:2001", "Human:1000", "Human:1002", "ROOT_QUERY"])
        let root = try #require(try await store.record(for: .rootQuery))
        #expect(root.fields == [#"hero({"episode":"JEDI"})"#: .reference("Droid:2001")])
        let hero = try #require(try await store.record(for: "Droid:2001"))
        let expected: [String: CacheValue] = ["__typename": "Droid", "id": "2001", "name": "R2-D2",
                                              "friends": .list([.reference("Human:1000"), .reference("Human:1002")])]
        #expect(hero.fields == expected)
        #expect(try await store.record(for: "Human:1002")?["name"] == "Han Solo")
    }

    @Test func absentVariablesAreLeftOutOfFieldKeys() async throws {
        let store = CacheStore()
        let data = try StarWars.data(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery.Data.self, StarWars.heroAndFriends(friends: []))
        try await store.write(data: data, for: StarWarsAPI.HeroAndFriendsNamesWithIDsQuery())
        #expect(try await store.record(for: .rootQuery)?.fields.keys.sorted() == ["hero"])
        try await store.write(data: data, for: StarWarsAPI.HeroAndFriendsNamesWithIDsQuery(episode: .null))
        #expect(try await store.record(for: .rootQuery)?.fields.keys.sorted() == ["hero", #"hero({"episode":null})"#])
        #expect(FieldKey.make(name: "search", arguments: ["text": "a", "first": 2, "after": .null])
                    == #"search({"after":null,"first":2,"text":"a"})"#)
    }

    @Test func objectsWithoutKeysGetPathKeysUnderTheirParent() async throws {
        let store = CacheStore()
        let json: [String: JSONValue] = ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2",
                                                  "friends": [["__typename": "Human", "name": "Luke"],
                                                              ["__typename": "Human", "name": "Han"]]]]
        let query = StarWarsAPI.HeroAndFriendsNamesWithIDForParentOnlyQuery()
        try await store.write(data: try StarWars.data(StarWarsAPI.HeroAndFriendsNamesWithIDForParentOnlyQuery.Data.self, json),
                              for: query)
        #expect(try await store.allKeys() == ["Droid:2001", "Droid:2001.friends.0", "Droid:2001.friends.1", "ROOT_QUERY"])
        let hero = try #require(try await store.record(for: "Droid:2001"))
        #expect(hero.fields.keys.sorted() == ["__typename", "friends", "id", "name"])
        #expect(try await store.record(for: "Droid:2001.friends.1")?["name"] == "Han")

        // A hero without an id at all sits under ROOT_QUERY.
        let nameless = CacheStore()
        let data = try StarWars.data(StarWarsAPI.HeroNameQuery.Data.self, ["hero": ["__typename": "Droid", "name": "R2"]])
        try await nameless.write(data: data, for: StarWarsAPI.HeroNameQuery())
        #expect(try await nameless.allKeys() == ["ROOT_QUERY", "ROOT_QUERY.hero"])
    }

    @Test func readsBackFragmentsTypeCasesAndConditions() async throws {
        let store = CacheStore()
        let json: [String: JSONValue] = ["hero": ["__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"]]
        let with = StarWarsAPI.HeroDetailsFragmentConditionalInclusionQuery(includeDetails: true)
        let original = try StarWars.data(StarWarsAPI.HeroDetailsFragmentConditionalInclusionQuery.Data.self, json)
        try await store.write(data: original, for: with)
        let read = try await store.read(with)
        #expect(read.data == original)
        #expect(read.data.hero?.fragments.heroDetails?.asDroid?.primaryFunction == "Astromech")
        #expect(read.data.hero?.fragments.heroDetails?.name == "R2-D2")
        #expect(read.data.hero?.fragments.heroDetails?.asHuman == nil)
        #expect(read.isStale == false)

        // Without details the condition leaves the fragment out of the read.
        let without = try await store.read(StarWarsAPI.HeroDetailsFragmentConditionalInclusionQuery(includeDetails: false))
        #expect(without.data.hero != nil)
        #expect(without.data.hero?.fragments.heroDetails == nil)
    }

    @Test func keyFieldsFromSchemaMetadataAndResolver() async throws {
        let schema = SchemaMetadata(possibleTypes: ["Character": ["Human", "Droid"]],
                                    keyFields: ["Character": ["name"], "Droid": ["id", "name"]])
        let store = CacheStore(configuration: CacheConfiguration(schema: schema))
        let data = try StarWars.data(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery.Data.self, StarWars.heroAndFriends(friends: StarWars.lukeAndHan))
        try await store.write(data: data, for: StarWarsAPI.HeroAndFriendsNamesWithIDsQuery())
        #expect(try await store.allKeys() == ["Droid:2001+R2-D2", "Human:Han Solo", "Human:Luke Skywalker", "ROOT_QUERY"])

        let resolving = CacheStore(configuration: CacheConfiguration(keyResolver: { typename, object in
            typename == "Human" ? CacheKey("Person/" + (object.fields["id"]?.stringValue ?? "?")) : nil
        }))
        try await resolving.write(data: data, for: StarWarsAPI.HeroAndFriendsNamesWithIDsQuery())
        #expect(try await resolving.allKeys() == ["Droid:2001", "Person/1000", "Person/1002", "ROOT_QUERY"])
        #expect(try await resolving.read(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery()).data == data)
    }

    @Test func mergesReportExactlyTheChangedFields() async throws {
        let store = CacheStore()
        let query = StarWarsAPI.HeroAndFriendsNamesWithIDsQuery()
        let first = try await store.publish(StarWars.heroAndFriends(friends: StarWars.lukeAndHan),
                                            as: StarWarsAPI.HeroAndFriendsNamesWithIDsQuery.Data.self, at: .rootQuery, variables: [:])
        #expect(first.count == 11)  // ROOT_QUERY.hero, 4 hero fields, 3 fields of each friend
        let same = try await store.publish(StarWars.heroAndFriends(friends: StarWars.lukeAndHan),
                                           as: StarWarsAPI.HeroAndFriendsNamesWithIDsQuery.Data.self, at: .rootQuery, variables: query.variables)
        #expect(same.isEmpty)
        let renamed = try await store.publish(StarWars.heroAndFriends(friends: [("1000", "Luke"), ("1002", "Han Solo")]),
                                              as: StarWarsAPI.HeroAndFriendsNamesWithIDsQuery.Data.self, at: .rootQuery, variables: [:])
        #expect(renamed.map(\.description) == ["Human:1000.name"])
        let fewer = try await store.publish(StarWars.heroAndFriends(friends: [("1002", "Han Solo")]),
                                            as: StarWarsAPI.HeroAndFriendsNamesWithIDsQuery.Data.self, at: .rootQuery, variables: [:])
        #expect(fewer.map(\.description) == ["Droid:2001.friends"])
    }

    @Test func missesNameTheRecordAndField() async throws {
        let store = CacheStore()
        await #expect(throws: CacheMiss(.missingRecord, key: .rootQuery)) {
            try await store.read(StarWarsAPI.HeroNameWithIDQuery())
        }
        try await store.write(data: try StarWars.data(StarWarsAPI.HeroNameWithIDQuery.Data.self,
                                                      ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2"]]),
                              for: StarWarsAPI.HeroNameWithIDQuery())
        await #expect(throws: CacheMiss(.missingField, key: "Droid:2001", field: "friends")) {
            try await store.read(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery())
        }
        await #expect(throws: CacheMiss(.missingField, key: .rootQuery, field: #"hero({"episode":"JEDI"})"#)) {
            try await store.read(StarWarsAPI.HeroNameWithIDQuery(episode: .some(.value(.jedi))))
        }
    }
}
