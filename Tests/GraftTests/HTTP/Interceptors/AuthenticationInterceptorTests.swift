import Foundation
import Graft
import GraftTesting
import Testing

@Suite("Authentication and header injection")
struct AuthenticationInterceptorTests {
    @Test("the provider's token is sent as a bearer credential, fresh for each request")
    func bearer() async throws {
        let calls = Counter()
        let mock = MockHTTPClient { _, _ in .json("{}") }
        let client = InterceptingHTTPClient(base: mock, interceptors: [
            AuthenticationInterceptor { "token-\(await calls.increment())" },
        ])
        _ = try await client.send(TestSupport.request())
        _ = try await client.send(TestSupport.request())
        #expect(TestSupport.carriesBearer(mock.requests[0], "token-1"))
        #expect(TestSupport.carriesBearer(mock.requests[1], "token-2"))
    }

    @Test("no token, a custom scheme, an existing header, and skipsAuthentication")
    func variants() async throws {
        let mock = MockHTTPClient { _, _ in .json("{}") }
        let none = InterceptingHTTPClient(base: mock, interceptors: [AuthenticationInterceptor { nil }])
        _ = try await none.send(TestSupport.request())
        #expect(!mock.requests[0].headers.contains("Authorization"))

        let apiKey = AuthorizationScheme(headerName: "X-API-Key", prefix: nil)
        let keyed = InterceptingHTTPClient(base: mock, interceptors: [AuthenticationInterceptor(scheme: apiKey) { "key-123456" }])
        _ = try await keyed.send(TestSupport.request())
        #expect(mock.requests[1].headers["X-API-Key"] == "key-123456")
        #expect(apiKey.token(in: mock.requests[1]) == "key-123456")

        let bearer = InterceptingHTTPClient(base: mock, interceptors: [AuthenticationInterceptor { "provider-token" }])
        _ = try await bearer.send(TestSupport.request(headers: ["authorization": "Bearer caller-token"]))
        #expect(TestSupport.carriesBearer(mock.requests[2], "caller-token"))
        #expect(AuthorizationScheme.bearer.token(in: mock.requests[2]) == "caller-token")
        _ = try await bearer.send(TestSupport.request(), context: RequestContext(skipsAuthentication: true))
        #expect(!mock.requests[3].headers.contains("Authorization"))
    }

    @Test("a failing provider gives unauthorized without sending")
    func providerFailure() async throws {
        struct KeychainLocked: Error {}
        let mock = MockHTTPClient { _, _ in .json("{}") }
        let client = InterceptingHTTPClient(base: mock, interceptors: [AuthenticationInterceptor { throw KeychainLocked() }])
        let error = await #expect(throws: GraftError.self) { try await client.send(TestSupport.request()) }
        #expect(error?.code == .unauthorized)
        #expect(error?.underlying is KeychainLocked)
        #expect(mock.requests.isEmpty)
    }

    @Test("header injection adds fixed and computed headers, keeping or overriding existing ones")
    func headerInjection() async throws {
        let mock = MockHTTPClient { _, _ in .json("{}") }
        let client = InterceptingHTTPClient(base: mock, interceptors: [
            HeaderInjectionInterceptor(["User-Agent": "Graft/1.0", "Accept-Language": "en"]),
            HeaderInjectionInterceptor { request, context in
                ["X-Operation": context.operationName ?? "-", "X-Path": request.url.path]
            },
            HeaderInjectionInterceptor(["Accept-Language": "fr"], overrides: true),
        ])
        _ = try await client.send(TestSupport.request("/q", headers: ["user-agent": "Custom"]),
                                  context: RequestContext(operationName: "Hero"))
        let headers = mock.requests[0].headers
        #expect(headers["User-Agent"] == "Custom")
        #expect(headers.values(for: "user-agent").count == 1)
        #expect(headers["Accept-Language"] == "fr")
        #expect(headers["X-Operation"] == "Hero")
        #expect(headers["X-Path"] == "/q")
    }
}
