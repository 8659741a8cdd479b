import GraftTestSupport
import Testing
@testable import Graft
import CourseCatalogAPI
import StarWarsAPI

@Suite(.timingSensitive) struct WatcherTests {
    static func heroTransport() -> StubTransport {
        StubTransport(data: StarWars.heroAndFriends(friends: StarWars.lukeAndHan))
    }

    @Test func aMutationUpdatesAWatcherOfAnotherQuerySharingTheRecord() async throws {
        let store = CacheStore()
        let client = GraphQLClient(transport: Notebooks.transport(), store: store)
        let watch = StreamCollector(client.watch(NotebookQuery(id: "n1")))
        let first = await watch.wait(for: 1)
        #expect(first.first?.source == .server)
        _ = try await client.perform(AddNoteMutation(notebookId: "n1", id: "1002", text: "Han"))
        let updates = await watch.wait(for: 2)
        #expect(updates.count == 2)
        #expect(updates.last?.source == .cache)
        #expect(updates.last?.data?.notebook.notes.map(\.text) == ["Luke Skywalker", "Han"])
        watch.cancel()
    }

    @Test func anUnrelatedWriteDoesNotWakeTheWatcher() async throws {
        let store = CacheStore()
        let client = GraphQLClient(transport: Notebooks.transport(), store: store)
        let watch = StreamCollector(client.watch(NotebookQuery(id: "n1")))
        await watch.wait(for: 1)
        let refreshesBefore = await store.watcherRefreshCount
        // Another notebook, another field of ROOT_QUERY: nothing the watcher read.
        _ = try await client.perform(AddNoteMutation(notebookId: "n2", id: "1003", text: "Wilhuff Tarkin"))
        try await store.write(data: try NotebookQuery.Data(ObjectData(["notebook": Notebooks.notebook("n3", notes: [("1004", "Leia")])])),
                              for: NotebookQuery(id: "n3"))
        #expect(await watch.settle().count == 1)
        #expect(await store.watcherRefreshCount == refreshesBefore)
        // Rewriting a field it read with the same value changes nothing either.
        _ = try await client.perform(AddNoteMutation(notebookId: "n1", id: "1000", text: "Luke Skywalker"))
        #expect(await watch.settle().count == 1)
        #expect(await store.watcherRefreshCount == refreshesBefore)
        watch.cancel()
    }

    @Test func severalWritesInOneTransactionGiveOneEmission() async throws {
        let store = CacheStore()
        let client = GraphQLClient(transport: Self.heroTransport(), store: store)
        let watch = StreamCollector(client.watch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery()))
        await watch.wait(for: 1)
        try await store.withinReadWriteTransaction { transaction in
            try transaction.updateRecord("Human:1000") { $0["name"] = "Luke" }
            try transaction.updateRecord("Human:1002") { $0["name"] = "Han" }
            try transaction.updateRecord("Droid:2001") { $0["name"] = "Artoo" }
        }
        let emissions = await watch.settle()
        #expect(emissions.count == 2)
        #expect(emissions.last?.data?.hero?.name == "Artoo")
        #expect(emissions.last?.data?.hero?.friends?.map { $0?.name } == ["Luke", "Han"])
        watch.cancel()
    }

    @Test func manualWritesAndRemovalsNotifyAndMissesRefetch() async throws {
        let store = CacheStore()
        let transport = Self.heroTransport()
        let client = GraphQLClient(transport: transport, store: store)
        let watch = StreamCollector(client.watch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery()))
        await watch.wait(for: 1)
        try await store.write(StarWars.data(StarWarsAPI.CharacterName.self, ["__typename": "Human", "id": "1000", "name": "Red Five"]),
                              at: "Human:1000")
        let afterWrite = await watch.wait(for: 2)
        #expect(afterWrite.last?.data?.hero?.friends?.first??.name == "Red Five")
        // Evicting a record it read makes the data incomplete: the watcher fetches again.
        try await store.evict(["Human:1002"])
        let afterEvict = await watch.wait(for: 3)
        #expect(afterEvict.count == 3)
        #expect(afterEvict.last?.source == .server)
        #expect(transport.requestCount == 2)
        #expect(try await store.record(for: "Human:1002")?["name"] == "Han Solo")
        watch.cancel()
    }

    @Test func cachedDataIsEmittedFirstAndTheWatcherGoesAwayWhenCancelled() async throws {
        let store = CacheStore()
        let transport = Self.heroTransport()
        let client = GraphQLClient(transport: transport, store: store)
        _ = try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery())
        let watch = StreamCollector(client.watch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery()))
        let first = await watch.wait(for: 1)
        #expect(first.first?.source == .cache)
        #expect(transport.requestCount == 1)
        #expect(await store.watcherCount == 1)
        watch.cancel()
        for _ in 0..<100 where await store.watcherCount > 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(await store.watcherCount == 0)
    }
}
