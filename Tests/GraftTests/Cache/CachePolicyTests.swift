import Testing
@testable import Graft
import CourseCatalogAPI
import StarWarsAPI

@Suite struct CachePolicyTests {
    static let heroJSON = StarWars.heroAndFriends(friends: StarWars.lukeAndHan)

    @Test func cacheFirstAsksTheServerOnceThenAnswersFromTheCache() async throws {
        let transport = StubTransport(data: Self.heroJSON)
        let client = GraphQLClient(transport: transport, store: CacheStore())
        #expect(client.defaultCachePolicy == .cacheFirst)
        let first = try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery())
        #expect(first.source == .server)
        let second = try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery())
        #expect(second.source == .cache && second.isStale == false)
        #expect(second.data == first.data)
        #expect(transport.requestCount == 1)
        // A query reading a subset of the same records is answered from the cache too.
        let name = try await client.fetch(StarWarsAPI.HeroNameWithIDQuery())
        #expect(name.source == .cache && name.data?.hero?.name == "R2-D2")
        #expect(transport.requestCount == 1)
    }

    @Test func networkOnlyAlwaysAsksAndWritesTheCache() async throws {
        let transport = StubTransport(data: Self.heroJSON)
        let store = CacheStore()
        let client = GraphQLClient(transport: transport, store: store)
        for _ in 0..<2 {
            #expect(try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery(), cachePolicy: .networkOnly).source == .server)
        }
        #expect(transport.requestCount == 2)
        #expect(try await store.read(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery()).data.hero?.friends?.count == 2)
    }

    @Test func cacheOnlyNeverAsksAndMissesWithAnError() async throws {
        let transport = StubTransport(data: Self.heroJSON)
        let client = GraphQLClient(transport: transport, store: CacheStore())
        await #expect { try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery(), cachePolicy: .cacheOnly) } throws: { error in
            (error as? GraftError)?.code == .cacheMiss && (error as? GraftError)?.underlying is CacheMiss
        }
        _ = try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery(), cachePolicy: .networkOnly)
        let cached = try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery(), cachePolicy: .cacheOnly)
        #expect(cached.source == .cache && cached.data?.hero?.name == "R2-D2")
        #expect(transport.requestCount == 1)
    }

    @Test func networkFirstFallsBackToTheCacheWhenTheServerCannotBeReached() async throws {
        let failing = LockedCounter()
        let transport = StubTransport { _ in
            if failing.value > 0 { throw GraftError(.transport, message: "offline") }
            return GraphQLResponseBody(data: .object(Self.heroJSON))
        }
        let client = GraphQLClient(transport: transport, store: CacheStore())
        #expect(try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery(), cachePolicy: .networkFirst).source == .server)
        failing.increment()
        let fallback = try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery(), cachePolicy: .networkFirst)
        #expect(fallback.source == .cache && fallback.data?.hero?.friends?.count == 2)
        // Nothing cached for another episode: the network error comes through.
        await #expect { try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery(episode: .some(.value(.jedi))), cachePolicy: .networkFirst) } throws: { error in
            (error as? GraftError)?.code == .transport
        }
    }

    @Test func cacheAndNetworkStreamsTheCachedResultThenTheServers() async throws {
        let transport = StubTransport(data: Self.heroJSON)
        let client = GraphQLClient(transport: transport, store: CacheStore())
        var sources: [ResultSource] = []
        for try await response in client.fetchStream(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery()) { sources.append(response.source) }
        #expect(sources == [.server])
        sources = []
        for try await response in client.fetchStream(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery()) { sources.append(response.source) }
        #expect(sources == [.cache, .server])
        // `fetch` with cacheAndNetwork returns the server's result.
        #expect(try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery(), cachePolicy: .cacheAndNetwork).source == .server)
        #expect(transport.requestCount == 3)
    }

    @Test func responsesWithErrorsAreNotCached() async throws {
        let transport = StubTransport { _ in
            GraphQLResponseBody(data: .object(Self.heroJSON), errors: [GraphQLResponseError(message: "partial")])
        }
        let store = CacheStore()
        let client = GraphQLClient(transport: transport, store: store)
        let response = try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery())
        #expect(response.errors.count == 1 && response.data?.hero?.name == "R2-D2")
        #expect(try await store.recordCount() == 0)
    }

    @Test func withoutAStoreTheClientGoesToTheServer() async throws {
        let transport = StubTransport(data: Self.heroJSON)
        let client = GraphQLClient(transport: transport)
        #expect(client.defaultCachePolicy == .networkOnly)
        #expect(try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery(), cachePolicy: .cacheFirst).source == .server)
        await #expect { try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery(), cachePolicy: .cacheOnly) } throws: { error in
            (error as? GraftError)?.code == .cacheMiss
        }
    }

    @Test func mutationResultsAreWrittenToSharedRecords() async throws {
        let client = GraphQLClient(transport: Notebooks.transport(), store: CacheStore())
        _ = try await client.fetch(NotebookQuery(id: "n1"))
        _ = try await client.perform(AddNoteMutation(notebookId: "n1", id: "1000", text: "Luke"))
        let cached = try await client.fetch(NotebookQuery(id: "n1"), cachePolicy: .cacheOnly)
        #expect(cached.data?.notebook.notes.first?.text == "Luke")
    }
}
