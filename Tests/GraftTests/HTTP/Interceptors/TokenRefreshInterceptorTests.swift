import Foundation
import Graft
import GraftTesting
import GraftTestSupport
import Testing

@Suite("Token refresh", .timingSensitive)
struct TokenRefreshInterceptorTests {
    static let expired = "expired-token-0"
    static let fresh = "fresh-token-1"

    /// A server that accepts only the fresh token; requests with another token wait at `barrier`
    /// (so that they are all in flight at once) and then get a 401.
    static func server(barrier: Barrier?) -> MockHTTPClient {
        MockHTTPClient { request, _ in
            if TestSupport.carriesBearer(request, fresh) { return .json(#"{"ok":true}"#) }
            await barrier?.arrive()
            return .status(401)
        }
    }

    static func client(_ base: MockHTTPClient, _ coordinator: TokenRefreshCoordinator) -> InterceptingHTTPClient {
        InterceptingHTTPClient(base: base, interceptors: [
            AuthenticationInterceptor(coordinator),
            TokenRefreshInterceptor(coordinator),
        ])
    }

    static func sendConcurrently(_ count: Int, _ client: InterceptingHTTPClient) async -> [Result<Int, GraftError>] {
        await withTaskGroup(of: Result<Int, GraftError>.self) { group in
            for index in 0..<count {
                group.addTask {
                    do {
                        return .success(try await client.send(TestSupport.request("/items/\(index)")).statusCode)
                    } catch {
                        return .failure(error as! GraftError)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test("20 concurrent requests hit 401: exactly one refresh, each retried once, all succeed")
    func concurrentRefresh() async throws {
        let refreshes = Counter()
        let coordinator = TokenRefreshCoordinator(token: Self.expired) { rejected in
            #expect(rejected == Self.expired)
            await refreshes.increment()
            try await Task.sleep(for: .milliseconds(50))
            return Self.fresh
        }
        let server = Self.server(barrier: Barrier(count: 20))
        let results = await Self.sendConcurrently(20, Self.client(server, coordinator))

        #expect(results.count == 20)
        #expect(results.allSatisfy { (try? $0.get()) == 200 })
        #expect(await refreshes.value == 1)
        #expect(await coordinator.refreshCount == 1)
        #expect(server.requests.count == 40)
        #expect(server.requests.filter { TestSupport.carriesBearer($0, Self.fresh) }.count == 20)
    }

    @Test("401s that arrive after the refresh finished reuse the new token without refreshing again")
    func lateRejections() async throws {
        let refreshed = Counter()
        let coordinator = TokenRefreshCoordinator(token: Self.expired) { _ in
            await refreshed.increment()
            return Self.fresh
        }
        let seen = Counter()
        let server = MockHTTPClient { request, _ in
            if TestSupport.carriesBearer(request, Self.fresh) { return .json("{}") }
            // The first five get their 401 at once; the rest only once the refresh has happened.
            if await seen.increment() > 5 {
                while await refreshed.value == 0 { try await Task.sleep(for: .milliseconds(2)) }
                try await Task.sleep(for: .milliseconds(20))
            }
            return .status(401)
        }
        let results = await Self.sendConcurrently(10, Self.client(server, coordinator))
        #expect(results.allSatisfy { (try? $0.get()) == 200 })
        #expect(await coordinator.refreshCount == 1)
    }

    @Test("a failed refresh fails all 20 with unauthorized, once, and nothing loops")
    func failedRefresh() async throws {
        struct RefreshDenied: Error {}
        let coordinator = TokenRefreshCoordinator(token: Self.expired) { _ in
            try await Task.sleep(for: .milliseconds(30))
            throw RefreshDenied()
        }
        let server = Self.server(barrier: Barrier(count: 20))
        let results = await Self.sendConcurrently(20, Self.client(server, coordinator))

        let codes = results.map { result -> GraftError.Code? in
            if case .failure(let error) = result { return error.code }
            return nil
        }
        #expect(codes == Array(repeating: .unauthorized, count: 20))
        #expect(await coordinator.refreshCount == 1)
        #expect(server.requests.count == 20)
        for case .failure(let error) in results {
            #expect(error.underlying is RefreshDenied)
            #expect(error.request?.url.hasPrefix("https://api.example.test/items/") == true)
            #expect(error.message == "refreshing the credentials failed")
        }
    }

    @Test("after a failed refresh a new request may refresh again; setToken recovers")
    func recoveryAfterFailure() async throws {
        let attempts = Counter()
        let coordinator = TokenRefreshCoordinator(token: Self.expired) { _ in
            if await attempts.increment() == 1 { throw URLError(.notConnectedToInternet) }
            return Self.fresh
        }
        let client = Self.client(Self.server(barrier: nil), coordinator)
        await #expect(throws: GraftError.self) { try await client.send(TestSupport.request()) }
        let second = try await client.send(TestSupport.request())
        #expect(second.statusCode == 200)
        #expect(await coordinator.refreshCount == 2)

        await coordinator.setToken(Self.fresh)
        #expect(try await client.send(TestSupport.request()).statusCode == 200)
        #expect(await coordinator.refreshCount == 2)
    }

    @Test("a retry that is rejected again fails with unauthorized after one refresh")
    func rejectedAgain() async throws {
        let coordinator = TokenRefreshCoordinator(token: Self.expired) { _ in "also-rejected-2" }
        let server = MockHTTPClient { _, _ in .status(401, body: #"{"error":"nope"}"#) }
        let error = await #expect(throws: GraftError.self) {
            try await Self.client(server, coordinator).send(TestSupport.request())
        }
        #expect(error?.code == .unauthorized)
        #expect(error?.statusCode == 401)
        #expect(server.requests.count == 2)
        #expect(await coordinator.refreshCount == 1)
    }

    @Test("a custom predicate triggers refresh on a GraphQL UNAUTHENTICATED error with status 200")
    func graphQLPredicate() async throws {
        let coordinator = TokenRefreshCoordinator(token: Self.expired) { _ in Self.fresh }
        let server = MockHTTPClient { request, _ in
            TestSupport.carriesBearer(request, Self.fresh)
                ? .json(#"{"data":{"me":{"id":"1"}}}"#)
                : .json(#"{"errors":[{"message":"expired","extensions":{"code":"UNAUTHENTICATED"}}]}"#)
        }
        let client = InterceptingHTTPClient(base: server, interceptors: [
            TokenRefreshInterceptor(coordinator) { response in
                response.statusCode == 401 || String(decoding: response.body, as: UTF8.self).contains("\"UNAUTHENTICATED\"")
            },
        ])
        let response = try await client.send(TestSupport.request(method: .post))
        #expect(String(decoding: response.body, as: UTF8.self).contains("\"me\""))
        #expect(await coordinator.refreshCount == 1)
        #expect(TestSupport.carriesBearer(server.requests[0], Self.expired))
    }

    @Test("requests that skip authentication get no token and no refresh")
    func skipsAuthentication() async throws {
        let coordinator = TokenRefreshCoordinator(token: Self.expired) { _ in Self.fresh }
        let server = MockHTTPClient { _, _ in .status(401) }
        let response = try await Self.client(server, coordinator)
            .send(TestSupport.request("/oauth/token", method: .post), context: RequestContext(skipsAuthentication: true))
        #expect(response.statusCode == 401)
        #expect(server.requests.count == 1)
        #expect(!server.requests[0].headers.contains("Authorization"))
        #expect(await coordinator.refreshCount == 0)
    }
}
