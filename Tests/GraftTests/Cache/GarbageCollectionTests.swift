import Testing
@testable import Graft
import StarWarsAPI

@Suite struct GarbageCollectionTests {
    @Test func removesExactlyTheUnreachableRecords() async throws {
        let store = CacheStore()
        let query = StarWarsAPI.HeroAndFriendsNamesWithIDsQuery()
        try await store.write(data: try StarWars.data(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery.Data.self,
                                                      StarWars.heroAndFriends(friends: StarWars.lukeAndHan)), for: query)
        // Han leaves the friends list; Leia is only reachable through a manual record.
        try await store.write(data: try StarWars.data(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery.Data.self,
                                                      StarWars.heroAndFriends(friends: [("1000", "Luke Skywalker")])), for: query)
        try await store.withinReadWriteTransaction { transaction in
            try transaction.updateRecord("Human:1003") { $0["name"] = "Leia"; $0["sibling"] = .reference("Human:1000") }
            try transaction.updateRecord("Orphan:1") { $0["friend"] = .reference("Human:1003") }
        }
        // An optimistic layer keeps what it references alive.
        try await store.withinReadWriteTransaction { try $0.updateRecord("Human:1009") { $0["name"] = "Kept" } }
        var layer = RecordSet()
        layer.set(.rootQuery, "pinned", .reference("Human:1009"))
        let id = await store.addOptimisticLayer(layer)
        let removed = try await store.collectGarbage()
        #expect(removed == ["Human:1002", "Human:1003", "Orphan:1"])
        #expect(try await store.allKeys() == ["Droid:2001", "Human:1000", "Human:1009", "ROOT_QUERY"])
        try await store.removeOptimisticLayer(id)
        #expect(try await store.collectGarbage() == ["Human:1009"])
        #expect(try await store.collectGarbage() == [])
        #expect(try await store.read(query).data.hero?.friends?.count == 1)
    }

    @Test func evictsByKey() async throws {
        let store = CacheStore()
        try await store.write(data: try StarWars.data(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery.Data.self,
                                                      StarWars.heroAndFriends(friends: StarWars.lukeAndHan)), for: StarWarsAPI.HeroAndFriendsNamesWithIDsQuery())
        try await store.evict(["Human:1000"])
        #expect(try await store.allKeys() == ["Droid:2001", "Human:1002", "ROOT_QUERY"])
        await #expect(throws: CacheMiss(.missingRecord, key: "Human:1000")) { try await store.read(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery()) }
        #expect(try await store.read(StarWarsAPI.HeroNameWithIDQuery()).data.hero?.name == "R2-D2")
    }

    @Test func theSizeCapEvictsTheLeastRecentlyUsedRecords() async throws {
        let store = CacheStore(configuration: CacheConfiguration(maxRecordCount: 4))
        // The hero of each episode, Human:1 to Human:3, each under its own field of ROOT_QUERY.
        let episodes: [StarWarsAPI.Episode] = [.newhope, .empire, .jedi]
        func query(_ id: Int) -> StarWarsAPI.HeroNameWithIDQuery {
            StarWarsAPI.HeroNameWithIDQuery(episode: id <= episodes.count ? .some(.value(episodes[id - 1])) : nil)
        }
        func hero(_ id: Int) throws -> StarWarsAPI.HeroNameWithIDQuery.Data {
            try StarWars.data(StarWarsAPI.HeroNameWithIDQuery.Data.self,
                              ["hero": ["__typename": "Human", "id": .string("\(id)"), "name": .string("H\(id)")]])
        }
        for id in 1...3 {
            try await store.write(data: try hero(id), for: query(id))
        }
        #expect(try await store.recordCount() == 4)
        // Reading Human:1 makes Human:2 the least recently used.
        #expect(try await store.read(query(1)).data.hero?.name == "H1")
        try await store.write(data: try hero(4), for: query(4))
        #expect(try await store.allKeys() == ["Human:1", "Human:3", "Human:4", "ROOT_QUERY"])
    }
}
