import Foundation
@testable import Graft
import GraftTesting
import StarWarsAPI
import Testing

/// Server-driven lifetimes: a store with `usesCacheControl` takes how long the fields a response
/// writes stay fresh from its `Cache-Control` and `Age`, on a test clock.
@Suite struct CacheControlTests {
    static let url = URL(string: "https://api.example.com/graphql")!
    static let hero = #"{"data":{"hero":{"__typename":"Droid","name":"R2-D2"}}}"#

    /// A client whose server answers HeroName with `headers` (the next entry of `headers` for each
    /// request, the last one repeating), and a store on `clock`.
    static func client(_ headers: [HTTPHeaders], clock: TestClock, usesCacheControl: Bool = true)
        -> (GraphQLClient, MockHTTPClient) {
        let answered = Locked(0)
        let mock = MockHTTPClient { _, _ in
            let index = answered.withLock { count in defer { count += 1 }; return count }
            return .json(Self.hero, headers: headers[min(index, headers.count - 1)])
        }
        let store = CacheStore(configuration: CacheConfiguration(usesCacheControl: usesCacheControl, clock: { clock.now }))
        return (GraphQLClient(transport: HTTPTransport(url: url, client: mock), store: store), mock)
    }

    @Test func aMaxAgeOfTwoSecondsServesFromTheCacheForTwoSecondsThenRefetches() async throws {
        let clock = TestClock()
        let (client, mock) = Self.client([["Cache-Control": "max-age=2"]], clock: clock)
        #expect(try await client.fetch(HeroNameQuery(), cachePolicy: .cacheFirst).source == .server)
        clock.advance(by: 1)
        let cached = try await client.fetch(HeroNameQuery(), cachePolicy: .cacheFirst)
        #expect(cached.source == .cache)
        #expect(cached.data?.hero?.name == "R2-D2")
        #expect(mock.requests.count == 1)
        clock.advance(by: 1)
        #expect(try await client.fetch(HeroNameQuery(), cachePolicy: .cacheFirst).source == .server)
        #expect(mock.requests.count == 2)
        // Other policies read the expired data and say it is stale.
        clock.advance(by: 5)
        #expect(try await client.fetch(HeroNameQuery(), cachePolicy: .cacheOnly).isStale)
    }

    @Test func ageCountsAgainstMaxAge() async throws {
        let clock = TestClock()
        let (client, mock) = Self.client([["Cache-Control": "public, max-age=10", "Age": "9"]], clock: clock)
        _ = try await client.fetch(HeroNameQuery(), cachePolicy: .cacheFirst)
        #expect(try await client.fetch(HeroNameQuery(), cachePolicy: .cacheFirst).source == .cache)
        clock.advance(by: 1)
        #expect(try await client.fetch(HeroNameQuery(), cachePolicy: .cacheFirst).source == .server)
        #expect(mock.requests.count == 2)
    }

    @Test func noStoreIsNotWrittenAndNoCacheIsStaleAtOnce() async throws {
        let clock = TestClock()
        let (noStore, noStoreMock) = Self.client([["Cache-Control": "no-store"]], clock: clock)
        _ = try await noStore.fetch(HeroNameQuery(), cachePolicy: .cacheFirst)
        _ = await #expect(throws: GraftError.self) { try await noStore.fetch(HeroNameQuery(), cachePolicy: .cacheOnly) }
        #expect(noStoreMock.requests.count == 1)

        let (noCache, noCacheMock) = Self.client([["Cache-Control": "no-cache"]], clock: clock)
        _ = try await noCache.fetch(HeroNameQuery(), cachePolicy: .cacheFirst)
        #expect(try await noCache.fetch(HeroNameQuery(), cachePolicy: .cacheFirst).source == .server)
        #expect(noCacheMock.requests.count == 2)
    }

    @Test func aResponseWithoutALifetimeClearsTheOneBefore() async throws {
        let clock = TestClock()
        let (client, mock) = Self.client([["Cache-Control": "max-age=2"], [:]], clock: clock)
        _ = try await client.fetch(HeroNameQuery(), cachePolicy: .networkOnly)
        _ = try await client.fetch(HeroNameQuery(), cachePolicy: .networkOnly)
        clock.advance(by: 100)
        #expect(try await client.fetch(HeroNameQuery(), cachePolicy: .cacheFirst).source == .cache)
        #expect(mock.requests.count == 2)
    }

    @Test func withoutTheOptionTheHeaderIsIgnored() async throws {
        let clock = TestClock()
        let (client, mock) = Self.client([["Cache-Control": "max-age=2"]], clock: clock, usesCacheControl: false)
        _ = try await client.fetch(HeroNameQuery(), cachePolicy: .cacheFirst)
        clock.advance(by: 100)
        #expect(try await client.fetch(HeroNameQuery(), cachePolicy: .cacheFirst).source == .cache)
        #expect(mock.requests.count == 1)
    }

    @Test func theHeaderIsReadAsRFC9111Says() {
        let parsed = CacheControl(directives: #"Private, MAX-AGE="30", s-maxage=600, must-revalidate, community="UCI""#)
        #expect(parsed == CacheControl(maxAge: 30, sharedMaxAge: 600, isPrivate: true, mustRevalidate: true))
        #expect(CacheControl(directives: "max-age=ten").maxAge == nil)
        #expect(CacheControl(directives: "max-age=-1").maxAge == nil)
        #expect(CacheControl(directives: "max-age=99999999999999999999999").maxAge == Int.max)
        #expect(CacheControl(directives: "max-age=10", age: 25).freshLifetime == 0)
        #expect(CacheControl(directives: "no-cache, max-age=10").freshLifetime == 0)
        #expect(CacheControl(directives: "public").freshLifetime == nil)
        #expect(CacheControl(directives: "Public, max-age=5") == CacheControl(maxAge: 5, isPublic: true))
        #expect(CacheControl(headers: ["cache-control": "max-age=5", "age": "2"])?.freshLifetime == 3)
        #expect(CacheControl(headers: [:]) == nil)
    }
}
