import GraftTestSupport
import Testing
@testable import Graft
import StarWarsAPI

@Suite(.timingSensitive) struct ExpiryTests {
    static func client(maxAges: [String: Duration], clock: TestClock) -> (GraphQLClient, StubTransport, CacheStore) {
        let store = CacheStore(configuration: CacheConfiguration(maxAges: maxAges, clock: { clock.now }))
        let transport = StubTransport(data: StarWars.heroAndFriends(friends: StarWars.lukeAndHan))
        return (GraphQLClient(transport: transport, store: store), transport, store)
    }

    @Test func cacheFirstTreatsFieldsOlderThanTheirTypesMaxAgeAsAMiss() async throws {
        let clock = TestClock()
        let (client, transport, _) = Self.client(maxAges: ["Human": .seconds(60)], clock: clock)
        _ = try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery())
        clock.advance(by: 60)
        #expect(try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery()).source == .cache)
        clock.advance(by: 1)
        let stale = try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery(), cachePolicy: .cacheOnly)
        #expect(stale.source == .cache && stale.isStale)
        // The hero is a Droid (no max age): its own query is still fresh.
        let hero = try await client.fetch(StarWarsAPI.HeroNameWithIDQuery())
        #expect(hero.source == .cache && !hero.isStale)
        #expect(transport.requestCount == 1)
        #expect(try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery()).source == .server)
        #expect(transport.requestCount == 2)
        // The server's answer renewed the fields.
        let renewed = try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery())
        #expect(renewed.source == .cache && !renewed.isStale)
    }

    /// A read asks the clock only when an age may matter, and then once: without maximum ages it
    /// never asks (a new process's first read paid for running `Date` and `floor` for the first time).
    @Test(arguments: [(maxAges: [String: Duration](), readMaxAge: Duration?.none, asked: 0),
                      (maxAges: ["Human": .seconds(60)], readMaxAge: nil, asked: 1),
                      (maxAges: [:], readMaxAge: .seconds(60), asked: 1)])
    func aReadAsksTheClockOnlyWhenAnAgeMatters(maxAges: [String: Duration], readMaxAge: Duration?, asked: Int) async throws {
        let clock = TestClock()
        let store = CacheStore(configuration: CacheConfiguration(maxAges: maxAges, clock: { clock.askedNow() }))
        let client = GraphQLClient(transport: StubTransport(data: StarWars.heroAndFriends(friends: StarWars.lukeAndHan)), store: store)
        _ = try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery())
        let before = clock.asked
        let read = try await store.read(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery(), maxAge: readMaxAge)
        #expect(read.data.hero?.friends?.count == 2)
        #expect(clock.asked - before == asked)
    }

    @Test func aFieldsMaxAgeWinsOverItsTypes() async throws {
        let clock = TestClock()
        let (client, _, store) = Self.client(maxAges: ["Droid": .seconds(3600), "Droid.name": .seconds(10)], clock: clock)
        _ = try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery())
        clock.advance(by: 11)
        #expect(try await store.read(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery()).isStale)
        await #expect(throws: CacheMiss(.expired, key: "Droid:2001", field: "name")) {
            try await store.read(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery(), acceptsStale: false)
        }
    }

    @Test func aRootFieldsMaxAgeApplies() async throws {
        let clock = TestClock()
        let (client, _, store) = Self.client(maxAges: ["Query.hero": .seconds(10)], clock: clock)
        _ = try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery())
        clock.advance(by: 10)
        #expect(try await !store.read(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery()).isStale)
        clock.advance(by: 1)
        await #expect(throws: CacheMiss(.expired, key: .rootQuery, field: "hero")) {
            try await store.read(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery(), acceptsStale: false)
        }
    }

    @Test func aRootFieldsMaxAgeGoesByTheSchemasNameForItsRootType() async throws {
        let clock = TestClock()
        let schema = SchemaMetadata(maxAges: ["QueryRoot.hero": .seconds(10)], rootTypenames: [.query: "QueryRoot"])
        let store = CacheStore(configuration: CacheConfiguration(schema: schema, clock: { clock.now }))
        let client = GraphQLClient(transport: StubTransport(data: StarWars.heroAndFriends(friends: StarWars.lukeAndHan)), store: store)
        _ = try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery())
        clock.advance(by: 11)
        await #expect(throws: CacheMiss(.expired, key: .rootQuery, field: "hero")) {
            try await store.read(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery(), acceptsStale: false)
        }
    }

    @Test func aRequestsMaxAgeAppliesToEveryField() async throws {
        let clock = TestClock()
        let (client, transport, _) = Self.client(maxAges: [:], clock: clock)
        _ = try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery())
        clock.advance(by: 30)
        #expect(try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery()).source == .cache)
        let options = RequestOptions(cacheMaxAge: .seconds(20))
        #expect(try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery(), options: options).source == .server)
        #expect(transport.requestCount == 2)
        clock.advance(by: 5)
        #expect(try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery(), options: options).source == .cache)
    }

    @Test func cacheAndNetworkReportsTheStaleCachedResult() async throws {
        let clock = TestClock()
        let (client, _, _) = Self.client(maxAges: ["Human": .seconds(5)], clock: clock)
        _ = try await client.fetch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery())
        clock.advance(by: 10)
        var results: [(ResultSource, Bool)] = []
        for try await response in client.fetchStream(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery()) { results.append((response.source, response.isStale)) }
        #expect(results.map(\.0) == [.cache, .server])
        #expect(results.map(\.1) == [true, false])
    }
}

/// Maximum ages from the generated schema metadata (graft.json's `maxAges`), merged with the ones
/// the app gives (the app's win), whether the schema is given or adopted.
@Suite struct SchemaMaxAgeTests {
    @Test func theSchemasAgesApplyAndTheGivenOnesWin() {
        let schema = SchemaMetadata(maxAges: ["Human": .seconds(60), "Droid": .seconds(5), "Droid.name": .seconds(1)])
        let adopted = CacheConfiguration(maxAges: ["Human": .seconds(10)]).adopting(schema)
        #expect(adopted.maxAges == ["Human": .seconds(10), "Droid": .seconds(5), "Droid.name": .seconds(1)])
        #expect(adopted.expiry.maxAge(typename: "Human", field: "name") == 10)
        #expect(adopted.expiry.maxAge(typename: "Droid", field: "name") == 1)
        #expect(adopted.expiry.maxAge(typename: "Droid", field: "id") == 5)
        let given = CacheConfiguration(schema: schema, maxAges: ["Droid": .seconds(7)])
        #expect(given.expiry.maxAge(typename: "Droid", field: "id") == 7)
        #expect(given.expiry.maxAge(typename: "Human", field: "id") == 60)
    }
}
