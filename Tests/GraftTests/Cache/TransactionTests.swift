import Testing
@testable import Graft
import StarWarsAPI

@Suite struct TransactionTests {
    @Test func readAndWriteFragmentsAndOperationData() async throws {
        let store = CacheStore()
        let query = StarWarsAPI.HeroAndFriendsNamesWithIDsQuery()
        let data = try StarWars.data(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery.Data.self, StarWars.heroAndFriends(friends: StarWars.lukeAndHan))
        try await store.write(data: data, for: query)
        let name = try await store.withinReadTransaction { transaction in
            try transaction.read(StarWarsAPI.CharacterName.self, at: "Human:1002").name
        }
        #expect(name == "Han Solo")
        let result = try await store.withinReadWriteTransaction { transaction -> String? in
            try transaction.write(StarWars.data(StarWarsAPI.CharacterName.self, ["__typename": "Human", "id": "1002", "name": "Han"]),
                                  at: "Human:1002")
            // Reads inside the transaction see its own writes.
            return try transaction.read(query).hero?.friends?.last??.name
        }
        #expect(result == "Han")
        #expect(try await store.read(StarWarsAPI.CharacterName.self, at: "Human:1002").data.name == "Han")
    }

    @Test func updateAndRemoveRecordsByKey() async throws {
        let store = CacheStore()
        try await store.write(data: try StarWars.data(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery.Data.self,
                                                      StarWars.heroAndFriends(friends: StarWars.lukeAndHan)), for: StarWarsAPI.HeroAndFriendsNamesWithIDsQuery())
        try await store.withinReadWriteTransaction { transaction in
            try transaction.updateRecord("Droid:2001") { record in
                record["name"] = "Artoo"
                record["friends"] = [.reference("Human:1002")]
                record["primaryFunction"] = "Astromech"
            }
            transaction.removeRecord("Human:1000")
            #expect(try transaction.record(for: "Human:1000") == nil)
        }
        let hero = try #require(try await store.record(for: "Droid:2001"))
        #expect(hero["name"] == "Artoo" && hero["primaryFunction"] == "Astromech")
        #expect(try await store.record(for: "Human:1000") == nil)
        #expect(try await store.read(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery()).data.hero?.friends?.map { $0?.name } == ["Han Solo"])
        // Removing every field removes the record.
        try await store.withinReadWriteTransaction { transaction in
            try transaction.updateRecord("Human:1002") { $0.fields = [:] }
        }
        #expect(try await store.allKeys() == ["Droid:2001", "ROOT_QUERY"])
    }

    @Test func aThrowingTransactionWritesNothing() async throws {
        struct Abort: Error {}
        let store = CacheStore()
        await #expect(throws: Abort.self) {
            try await store.withinReadWriteTransaction { transaction in
                try transaction.updateRecord("Human:1") { $0["name"] = "Nobody" }
                throw Abort()
            }
        }
        #expect(try await store.recordCount() == 0)
    }

    @Test func clearRemovesEverything() async throws {
        let store = CacheStore()
        try await store.write(data: try StarWars.data(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery.Data.self,
                                                      StarWars.heroAndFriends(friends: StarWars.lukeAndHan)), for: StarWarsAPI.HeroAndFriendsNamesWithIDsQuery())
        try await store.clear()
        #expect(try await store.recordCount() == 0)
    }
}
