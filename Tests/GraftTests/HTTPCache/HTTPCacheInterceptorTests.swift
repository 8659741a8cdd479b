import Foundation
import Graft
import GraftTesting
import Testing

/// The interceptor against a mock server and a settable clock: what is stored, when it is used,
/// revalidated or invalidated. The same behaviours against the Strawberry server are in
/// IntegrationTests (RESTCacheIntegrationTests).
@Suite("HTTP response cache interceptor")
struct HTTPCacheInterceptorTests {
    static let url = URL(string: "https://api.example.test/v1/courses/1")!

    struct Setup {
        let mock = MockHTTPClient()
        let clock = TestClock()
        let cache: HTTPResponseCache
        let client: InterceptingHTTPClient

        init(policy: CachePolicy = .cacheFirst, maxEntries: Int = 500, maxBytes: Int = 10 * 1024 * 1024) {
            let clock = clock
            cache = HTTPResponseCache(storage: InMemoryHTTPCacheStorage(maxEntries: maxEntries, maxBytes: maxBytes),
                                      now: { clock.now })
            client = InterceptingHTTPClient(base: mock, interceptors: [HTTPCacheInterceptor(cache: cache, policy: policy)])
        }

        func get(_ url: URL = HTTPCacheInterceptorTests.url, headers: HTTPHeaders = [:],
                 policy: CachePolicy? = nil) async throws -> HTTPResponse {
            var context = RequestContext()
            context.cachePolicy = policy
            return try await client.send(HTTPRequest(url: url, headers: headers), context: context)
        }

        var sent: [HTTPRequest] { mock.requests }
    }

    @Test func aFreshResponseIsAnsweredFromTheCacheUntilItsMaxAgePasses() async throws {
        let setup = Setup()
        setup.mock.stub(response: .json(#"{"id":1}"#, headers: ["Cache-Control": "max-age=60"]))
        let first = try await setup.get()
        #expect(first.source == .server)
        setup.clock.advance(by: 59)
        let second = try await setup.get()
        #expect(second.source == .cache)
        #expect(second.body == first.body && second.statusCode == 200)
        #expect(setup.sent.count == 1)
        setup.clock.advance(by: 2)
        #expect(try await setup.get().source == .server)
        #expect(setup.sent.count == 2)
        #expect(setup.cache.statistics.hits == 1)
    }

    @Test func ageAndExpiresCountAsRFC9111Says() async throws {
        let setup = Setup()
        let date = "Sun, 06 Nov 1994 08:49:37 GMT"
        setup.mock.stub(.path("/v1/a"), response: .json("{}", headers: ["Cache-Control": "max-age=60", "Age": "50"]))
        setup.mock.stub(.path("/v1/b"), response: .json("{}", headers: ["Date": date, "Expires": "Sun, 06 Nov 1994 08:50:37 GMT"]))
        setup.mock.stub(.path("/v1/c"), response: .json("{}", headers: ["Expires": "0", "ETag": "\"c\""]))
        let a = URL(string: "https://api.example.test/v1/a")!
        let b = URL(string: "https://api.example.test/v1/b")!
        let c = URL(string: "https://api.example.test/v1/c")!
        _ = try await setup.get(a)
        _ = try await setup.get(b)
        _ = try await setup.get(c)
        let entryB = try #require(setup.cache.entry(for: HTTPRequest(url: b)))
        #expect(entryB.freshnessLifetime == 60)
        #expect(try #require(setup.cache.entry(for: HTTPRequest(url: c))).freshnessLifetime == 0)
        // The 1994 Date makes b's apparent age decades: already stale.
        #expect(entryB.isFresh(at: setup.clock.now) == false)
        setup.clock.advance(by: 9)
        #expect(try await setup.get(a).source == .cache)
        setup.clock.advance(by: 2)
        #expect(try await setup.get(a).source == .server)
        #expect(try await setup.get(b).source == .server)
    }

    @Test func aStaleEntryIsRevalidatedAndA304ReturnsTheStoredBodyWithMergedHeaders() async throws {
        let setup = Setup()
        setup.mock.stub(times: 1, response: .json(#"{"id":1,"title":"Swift"}"#,
                                                  headers: ["Cache-Control": "max-age=0", "ETag": "\"v1\"", "X-Version": "1"]))
        setup.mock.stub(.header("If-None-Match", "\"v1\""),
                        response: .status(304, headers: ["Cache-Control": "max-age=30", "X-Version": "2", "Content-Length": "0"]))
        let first = try await setup.get()
        let second = try await setup.get()
        #expect(setup.sent.count == 2)
        #expect(setup.sent[1].headers["If-None-Match"] == "\"v1\"")
        #expect(second.source == .revalidated)
        #expect(second.statusCode == 200)
        #expect(second.body == first.body)
        #expect(second.headers["X-Version"] == "2")
        #expect(second.headers["Content-Length"] == nil)
        #expect(setup.cache.statistics.revalidations == 1)
        // The 304's max-age=30 now applies.
        setup.clock.advance(by: 29)
        #expect(try await setup.get().source == .cache)
        #expect(setup.sent.count == 2)
    }

    @Test func lastModifiedIsSentAsIfModifiedSince() async throws {
        let setup = Setup()
        let modified = "Wed, 21 Oct 2015 07:28:00 GMT"
        setup.mock.stub(times: 1, response: .json("[]", headers: ["Last-Modified": modified]))
        setup.mock.stub(response: .status(304))
        _ = try await setup.get()
        #expect(try await setup.get().source == .revalidated)
        #expect(setup.sent[1].headers["If-Modified-Since"] == modified)
        #expect(setup.sent[1].headers["If-None-Match"] == nil)
    }

    @Test func aNewResponseToARevalidationReplacesTheEntry() async throws {
        let setup = Setup()
        setup.mock.stub(times: 1, response: .json(#"{"v":1}"#, headers: ["ETag": "\"1\""]))
        setup.mock.stub(response: .json(#"{"v":2}"#, headers: ["ETag": "\"2\"", "Cache-Control": "max-age=60"]))
        _ = try await setup.get()
        let second = try await setup.get()
        #expect(second.source == .server && second.body == Data(#"{"v":2}"#.utf8))
        let third = try await setup.get()
        #expect(third.source == .cache && third.body == Data(#"{"v":2}"#.utf8))
    }

    @Test func noStoreAndResponsesWithoutLifetimeOrValidatorAreNotStored() async throws {
        let setup = Setup()
        setup.mock.stub(.path("/v1/a"), response: .json("{}", headers: ["Cache-Control": "no-store, max-age=60"]))
        setup.mock.stub(.path("/v1/b"), response: .json("{}"))
        for path in ["a", "b"] {
            let url = URL(string: "https://api.example.test/v1/\(path)")!
            _ = try await setup.get(url)
            #expect(try await setup.get(url).source == .server)
        }
        #expect(setup.cache.count == 0)
        // A request's own no-store too.
        setup.mock.stub(.path("/v1/c"), response: .json("{}", headers: ["Cache-Control": "max-age=60"]))
        _ = try await setup.get(URL(string: "https://api.example.test/v1/c")!, headers: ["Cache-Control": "no-store"])
        #expect(setup.cache.count == 0)
    }

    @Test func varyKeepsOneEntryPerValueOfTheNamedHeaders() async throws {
        let setup = Setup()
        setup.mock.stub { request, _ in
            .json(#"{"language":"\#(request.headers["Accept-Language"] ?? "")"}"#,
                  headers: ["Cache-Control": "max-age=60", "Vary": "Accept-Language"])
        }
        let english = try await setup.get(headers: ["Accept-Language": "en"])
        let french = try await setup.get(headers: ["Accept-Language": "fr"])
        #expect(setup.cache.count == 2)
        #expect(try await setup.get(headers: ["Accept-Language": "en"]).body == english.body)
        #expect(try await setup.get(headers: ["Accept-Language": "fr"]).body == french.body)
        #expect(setup.sent.count == 2)
        #expect(try await setup.get(headers: ["Accept-Language": "de"]).source == .server)
        #expect(setup.cache.count == 3)
    }

    @Test func varyStarIsNeverStoredAndASecretVaryValueIsKeptAsAHash() async throws {
        let setup = Setup()
        setup.mock.stub(.path("/v1/star"), response: .json("{}", headers: ["Cache-Control": "max-age=60", "Vary": "*"]))
        setup.mock.stub(.path("/v1/me"), response: .json("{}", headers: ["Cache-Control": "private, max-age=60",
                                                                         "Vary": "Authorization"]))
        _ = try await setup.get(URL(string: "https://api.example.test/v1/star")!)
        #expect(setup.cache.count == 0)
        let me = URL(string: "https://api.example.test/v1/me")!
        _ = try await setup.get(me, headers: ["Authorization": "Bearer secret-token-1"])
        let entry = try #require(setup.cache.entry(for: HTTPRequest(url: me, headers: ["Authorization": "Bearer secret-token-1"])))
        #expect(!entry.variant.contains("secret-token-1"))
        #expect(entry.variant.hasPrefix("authorization="))
        #expect(try await setup.get(me, headers: ["Authorization": "Bearer secret-token-2"]).source == .server)
    }

    @Test func aResponseToAnAuthorizedRequestIsStoredOnlyWhenItSaysSo() async throws {
        let setup = Setup()
        setup.mock.stub(.path("/v1/plain"), response: .json("{}", headers: ["Cache-Control": "max-age=60"]))
        setup.mock.stub(.path("/v1/private"), response: .json("{}", headers: ["Cache-Control": "private, max-age=60"]))
        setup.mock.stub(.path("/v1/public"), response: .json("{}", headers: ["Cache-Control": "public, max-age=60"]))
        let auth: HTTPHeaders = ["Authorization": "Bearer abcdef123456"]
        for (path, stored) in [("plain", false), ("private", true), ("public", true)] {
            let url = URL(string: "https://api.example.test/v1/\(path)")!
            _ = try await setup.get(url, headers: auth)
            #expect((setup.cache.entry(for: HTTPRequest(url: url, headers: auth)) != nil) == stored, "\(path)")
        }
        // The app's own lifetime for the endpoint says so too.
        var context = RequestContext()
        context.cacheTimeToLive = .seconds(60)
        let plain = URL(string: "https://api.example.test/v1/plain")!
        _ = try await setup.client.send(HTTPRequest(url: plain, headers: auth), context: context)
        #expect(setup.cache.entry(for: HTTPRequest(url: plain, headers: auth)) != nil)
    }

    @Test func responsesTheRedactionPolicyCallsSecretAreNeverStored() async throws {
        let setup = Setup()
        setup.mock.stub(.path("/v1/cookie"), response: .json("{}", headers: ["Cache-Control": "max-age=60",
                                                                             "Set-Cookie": "session=abc; HttpOnly"]))
        setup.mock.stub(.path("/v1/token"), response: .json(#"{"user":{"accessToken":"eyJhbGciOi"}}"#,
                                                            headers: ["Cache-Control": "max-age=60"]))
        setup.mock.stub(.path("/v1/form"), response: .status(200, headers: ["Cache-Control": "max-age=60",
                                                                           "Content-Type": "application/x-www-form-urlencoded"],
                                                             body: "access_token=abc&expires=3600"))
        setup.mock.stub(.path("/v1/fine"), response: .json(#"{"title":"Keys to Swift"}"#, headers: ["Cache-Control": "max-age=60"]))
        for path in ["cookie", "token", "form", "fine"] {
            _ = try await setup.get(URL(string: "https://api.example.test/v1/\(path)")!)
        }
        #expect(setup.cache.count == 1)
        #expect(setup.cache.entry(for: HTTPRequest(url: URL(string: "https://api.example.test/v1/fine")!)) != nil)
    }

    /// Fields a log hides but that hold no credential (an issue's `key`, a commit's `signature`, a
    /// `pinned` flag, a public key) leave a response cacheable; a credential sent as plain text does not.
    @Test func dataNamedLikeSecretsIsStoredAndPlainTextCredentialsAreNot() async throws {
        let setup = Setup()
        setup.mock.stub(.path("/v1/issue"), response: .json(#"{"key":"PROJ-1","fields":{"pin":true,"publicKey":"ssh-ed25519 AAAA"},"commit":{"signature":"-----BEGIN PGP SIGNATURE-----"}}"#,
                                                            headers: ["Cache-Control": "max-age=60", "Public-Key-Pins": "max-age=0"]))
        setup.mock.stub(.path("/v1/plain"), response: .status(200, headers: ["Cache-Control": "max-age=60", "Content-Type": "text/plain"],
                                                              body: "access_token=abc&expires_in=3600"))
        let issue = URL(string: "https://api.example.test/v1/issue")!
        let plain = URL(string: "https://api.example.test/v1/plain")!
        _ = try await setup.get(issue)
        _ = try await setup.get(plain)
        #expect(try await setup.get(issue).source == .cache)
        #expect(setup.cache.entry(for: HTTPRequest(url: plain)) == nil)
    }

    /// CORS headers say what a browser may send (`Access-Control-Allow-Credentials: true`,
    /// `Access-Control-Allow-Headers: Authorization`), never a credential: such a response is stored.
    @Test func corsHeadersDoNotKeepAResponseOutOfTheCache() async throws {
        let setup = Setup()
        setup.mock.stub(.path("/v1/cors"), response: .json(#"{"title":"Intro"}"#, headers: [
            "Cache-Control": "max-age=60", "Access-Control-Allow-Credentials": "true",
            "Access-Control-Allow-Headers": "Authorization, X-Api-Key",
        ]))
        let cors = URL(string: "https://api.example.test/v1/cors")!
        _ = try await setup.get(cors)
        #expect(try await setup.get(cors).source == .cache)
    }

    @Test func aSuccessfulWriteInvalidatesItsURLAndTheSameOriginLocation() async throws {
        let setup = Setup()
        let list = URL(string: "https://api.example.test/v1/courses")!
        let other = URL(string: "https://api.example.test/v1/other")!
        setup.mock.stub(.method(.get), response: .json("[]", headers: ["Cache-Control": "max-age=600"]))
        setup.mock.stub(.path("/v1/courses/1"), response: .status(500))
        setup.mock.stub(.method(.post), response: .json("{}", status: 201, headers: ["Location": "/v1/courses/1",
                                                                                    "Content-Location": "https://elsewhere.test/v1/other"]))
        for url in [list, Self.url, other] { _ = try await setup.get(url) }
        #expect(setup.cache.count == 3)
        // A failed write invalidates nothing.
        _ = try await setup.client.send(HTTPRequest(method: .patch, url: Self.url))
        #expect(setup.cache.count == 3)
        _ = try await setup.client.send(HTTPRequest(method: .post, url: list))
        #expect(setup.cache.entry(for: HTTPRequest(url: list)) == nil)
        #expect(setup.cache.entry(for: HTTPRequest(url: Self.url)) == nil)
        #expect(setup.cache.entry(for: HTTPRequest(url: other)) != nil)
        #expect(setup.cache.statistics.invalidations == 2)
        #expect(try await setup.get(list).source == .server)
    }

    @Test func cacheOnlyAnswersFromTheCacheOrThrowsACacheMiss() async throws {
        let setup = Setup()
        setup.mock.stub(response: .json("{}", headers: ["Cache-Control": "max-age=1", "ETag": "\"e\""]))
        do {
            _ = try await setup.get(policy: .cacheOnly)
            Issue.record("a miss answered")
        } catch let error as GraftError {
            #expect(error.code == .cacheMiss)
        }
        #expect(setup.sent.isEmpty)
        _ = try await setup.get()
        setup.clock.advance(by: 100)
        #expect(try await setup.get(policy: .cacheOnly).source == .cache)
        #expect(setup.sent.count == 1)
    }

    @Test func networkOnlyAsksUnconditionallyAndStillStores() async throws {
        let setup = Setup(policy: .networkOnly)
        setup.mock.stub(response: .json("{}", headers: ["Cache-Control": "max-age=60", "ETag": "\"e\""]))
        _ = try await setup.get()
        #expect(try await setup.get().source == .server)
        #expect(setup.sent[1].headers["If-None-Match"] == nil)
        #expect(try await setup.get(policy: .cacheFirst).source == .cache)
    }

    @Test func networkFirstFallsBackToTheEntryUnlessItMustBeRevalidated() async throws {
        let setup = Setup(policy: .networkFirst)
        let strict = URL(string: "https://api.example.test/v1/strict")!
        setup.mock.stub(times: 2, response: .json("{}", headers: ["Cache-Control": "max-age=60"]))
        _ = try await setup.get()
        #expect(try await setup.get().source == .server)
        setup.mock.stub(.path("/v1/strict"), times: 1, response: .json("{}", headers: ["Cache-Control": "max-age=60, must-revalidate"]))
        _ = try await setup.get(strict)
        setup.mock.stub(error: URLError(.notConnectedToInternet))
        #expect(try await setup.get().source == .cache)
        await #expect(throws: GraftError.self) { try await setup.get(strict) }
        // cacheAndNetwork, for one response, is networkFirst.
        #expect(try await setup.get(policy: .cacheAndNetwork).source == .cache)
    }

    @Test func graphQLRequestsAndStreamsPassThrough() async throws {
        let setup = Setup()
        setup.mock.stub(response: .json("{}", headers: ["Cache-Control": "max-age=60"]))
        var context = RequestContext()
        context.isGraphQL = true
        _ = try await setup.client.send(HTTPRequest(url: Self.url), context: context)
        #expect(setup.cache.count == 0)
        let streamed = try await setup.client.stream(HTTPRequest(url: Self.url), context: RequestContext())
        #expect(streamed.statusCode == 200)
        #expect(setup.cache.count == 0)
    }

    @Test func theAppsLifetimeAppliesWhenTheResponseStatesNone() async throws {
        let setup = Setup()
        setup.mock.stub(response: .json("[]"))
        var context = RequestContext()
        context.cacheTimeToLive = .seconds(300)
        _ = try await setup.client.send(HTTPRequest(url: Self.url), context: context)
        setup.clock.advance(by: 299)
        #expect(try await setup.get().source == .cache)
        setup.clock.advance(by: 2)
        #expect(try await setup.get().source == .server)
    }

    @Test func aThousandDistinctGETsUnderACapOfAHundredLeaveTheHundredMostRecentlyUsed() async throws {
        let setup = Setup(maxEntries: 100)
        setup.mock.stub { request, _ in .json(#"{"path":"\#(request.url.path)"}"#, headers: ["Cache-Control": "max-age=600"]) }
        func item(_ index: Int) -> URL { URL(string: "https://api.example.test/v1/items/\(index)")! }
        for index in 0..<1_000 {
            _ = try await setup.get(item(index))
            // Item 0 is read from the cache after every GET: it stays among the most recently used.
            #expect(try await setup.get(item(0)).source == .cache)
        }
        #expect(setup.cache.count == 100)
        #expect(setup.sent.count == 1_000)
        let kept = (0..<1_000).filter { setup.cache.entry(for: HTTPRequest(url: item($0))) != nil }
        #expect(kept == [0] + Array(901..<1_000))
    }

    @Test func theByteCapHoldsTheSameWay() async throws {
        let body = String(repeating: "x", count: 1_000)
        let probe = Setup()
        probe.mock.stub { _, _ in .json(#"{"b":"\#(body)"}"#, headers: ["Cache-Control": "max-age=600"]) }
        _ = try await probe.get(URL(string: "https://api.example.test/v1/items/100")!)
        let size = probe.cache.byteCount
        let setup = Setup(maxBytes: size * 10)
        setup.mock.stub { _, _ in .json(#"{"b":"\#(body)"}"#, headers: ["Cache-Control": "max-age=600"]) }
        for index in 100..<1_000 { _ = try await setup.get(URL(string: "https://api.example.test/v1/items/\(index)")!) }
        #expect(setup.cache.byteCount <= size * 10)
        #expect(setup.cache.count == 10)
        #expect((100..<1_000).filter { setup.cache.entry(for: HTTPRequest(url: URL(string: "https://api.example.test/v1/items/\($0)")!)) != nil }
            == Array(990..<1_000))
    }
}
