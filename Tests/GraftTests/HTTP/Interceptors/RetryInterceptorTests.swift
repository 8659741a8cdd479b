import Foundation
import Graft
import GraftTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GraftTestSupport
import Testing

@Suite("Retry", .timingSensitive)
struct RetryInterceptorTests {
    static let now = Date(timeIntervalSince1970: 784_111_777) // Sun, 06 Nov 1994 08:49:37 GMT

    /// A client over `mock` whose retry waits are recorded instead of slept.
    static func client(_ mock: MockHTTPClient, policy: RetryPolicy = RetryPolicy(), random: Double = 0,
                       sleeps: Recorder<Duration>) -> InterceptingHTTPClient {
        InterceptingHTTPClient(base: mock, interceptors: [
            RetryInterceptor(policy: policy, sleep: { await sleeps.append($0) }, random: { random }, now: { now }),
        ])
    }

    @Test("500 then 503 then 200: retried with exponential backoff; attempts numbered")
    func backoff() async throws {
        let mock = MockHTTPClient()
        mock.stub(times: 1, response: .status(500))
        mock.stub(times: 1, response: .status(503))
        mock.stub(response: .json("{}"))
        let sleeps = Recorder<Duration>()
        let policy = RetryPolicy(maxAttempts: 4, baseDelay: .milliseconds(100), multiplier: 3)
        let response = try await Self.client(mock, policy: policy, sleeps: sleeps).send(TestSupport.request())
        #expect(response.statusCode == 200)
        #expect(await sleeps.items == [.milliseconds(100), .milliseconds(300)])
        #expect(mock.recordedRequests.map(\.context.attempt) == [1, 2, 3])
    }

    @Test("attempts run out: the last response is returned")
    func exhausted() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .status(502))
        let sleeps = Recorder<Duration>()
        let response = try await Self.client(mock, sleeps: sleeps).send(TestSupport.request())
        #expect(response.statusCode == 502)
        #expect(mock.requests.count == 3)
        #expect(await sleeps.items.count == 2)
    }

    @Test("Retry-After in seconds and as an HTTP date sets the wait")
    func retryAfter() async throws {
        let mock = MockHTTPClient()
        mock.stub(times: 1, response: .status(503, headers: ["Retry-After": "7"]))
        mock.stub(times: 1, response: .status(429, headers: ["Retry-After": "Sun, 06 Nov 1994 08:49:49 GMT"]))
        mock.stub(response: .json("{}"))
        let sleeps = Recorder<Duration>()
        let response = try await Self.client(mock, sleeps: sleeps).send(TestSupport.request())
        #expect(response.statusCode == 200)
        #expect(await sleeps.items == [.seconds(7), .seconds(12)])
    }

    @Test("a Retry-After longer than the policy allows returns the response at once")
    func retryAfterTooLong() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .status(503, headers: ["Retry-After": "3600"]))
        let sleeps = Recorder<Duration>()
        let response = try await Self.client(mock, sleeps: sleeps).send(TestSupport.request())
        #expect(response.statusCode == 503)
        #expect(mock.requests.count == 1)
        #expect(await sleeps.items.isEmpty)
    }

    @Test("non-retryable statuses are returned without retrying", arguments: [200, 400, 401, 404, 501])
    func nonRetryableStatus(status: Int) async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .status(status))
        let sleeps = Recorder<Duration>()
        #expect(try await Self.client(mock, sleeps: sleeps).send(TestSupport.request()).statusCode == status)
        #expect(mock.requests.count == 1)
    }

    @Test("a POST (mutation) is not retried unless marked idempotent or opted in")
    func nonIdempotent() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .status(503))
        let sleeps = Recorder<Duration>()
        let client = Self.client(mock, sleeps: sleeps)
        let post = TestSupport.request(method: .post, body: "{}")

        #expect(try await client.send(post).statusCode == 503)
        #expect(mock.requests.count == 1)

        _ = try await client.send(post, context: RequestContext(isIdempotent: true))
        #expect(mock.requests.count == 4)

        _ = try await client.send(post, context: RequestContext(isIdempotent: false, retriesNonIdempotent: true))
        #expect(mock.requests.count == 7)

        _ = try await client.send(TestSupport.request(method: .get), context: RequestContext(isIdempotent: false))
        #expect(mock.requests.count == 8)
    }

    @Test("transient network errors are retried; others are thrown at once")
    func networkErrors() async throws {
        let mock = MockHTTPClient()
        mock.stub(.path("/flaky"), times: 2, error: URLError(.networkConnectionLost))
        mock.stub(.path("/flaky"), response: .json("{}"))
        mock.stub(.path("/bad"), error: URLError(.badServerResponse))
        mock.stub(.path("/down"), error: URLError(.cannotConnectToHost))
        let sleeps = Recorder<Duration>()
        let client = Self.client(mock, sleeps: sleeps)

        #expect(try await client.send(TestSupport.request("/flaky")).statusCode == 200)
        #expect(mock.requests.count == 3)

        let bad = await #expect(throws: GraftError.self) { try await client.send(TestSupport.request("/bad")) }
        #expect(bad?.code == .transport && bad?.urlErrorCode == .badServerResponse)
        #expect(mock.requests.count == 4)

        let down = await #expect(throws: GraftError.self) { try await client.send(TestSupport.request("/down")) }
        #expect(down?.urlErrorCode == .cannotConnectToHost)
        #expect(mock.requests.count == 7)
    }

    @Test("timeouts from a TimeoutInterceptor inside the retry are retried")
    func timeoutsRetried() async throws {
        let mock = MockHTTPClient()
        mock.stub(times: 1, delay: .seconds(5), response: .json("{}"))
        mock.stub(response: .json(#"{"second":true}"#))
        let client = InterceptingHTTPClient(base: mock, interceptors: [
            RetryInterceptor(policy: RetryPolicy(baseDelay: .milliseconds(1))),
            TimeoutInterceptor(default: .milliseconds(50)),
        ])
        let response = try await client.send(TestSupport.request())
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"second":true}"#)
    }

    @Test("jitter shortens the wait by up to its share; delays are capped")
    func jitter() {
        let policy = RetryPolicy(baseDelay: .seconds(1), multiplier: 2, maxDelay: .seconds(5), jitter: 0.5)
        #expect(policy.backoff(beforeRetry: 1) == .seconds(1))
        #expect(policy.backoff(beforeRetry: 3) == .seconds(4))
        #expect(policy.backoff(beforeRetry: 10) == .seconds(5))
        #expect(policy.jitteredBackoff(beforeRetry: 2, random: 0) == .seconds(2))
        #expect(policy.jitteredBackoff(beforeRetry: 2, random: 0.5) == .milliseconds(1500))
        let real = RetryInterceptor(policy: policy)
        #expect(real.policy.jitter == 0.5)
    }

    @Test("Retry-After parses all three HTTP date forms (RFC 9110, 5.6.7)")
    func httpDates() {
        for value in ["Sun, 06 Nov 1994 08:49:47 GMT", "Sunday, 06-Nov-94 08:49:47 GMT", "Sun Nov  6 08:49:47 1994"] {
            let response = HTTPResponse(statusCode: 503, headers: ["Retry-After": value])
            #expect(RetryPolicy.retryAfter(response, now: Self.now) == .seconds(10), "\(value)")
        }
        let past = HTTPResponse(statusCode: 503, headers: ["Retry-After": "Sat, 05 Nov 1994 08:49:37 GMT"])
        #expect(RetryPolicy.retryAfter(past, now: Self.now) == .zero)
        let garbage = HTTPResponse(statusCode: 503, headers: ["Retry-After": "soon"])
        #expect(RetryPolicy.retryAfter(garbage, now: Self.now) == nil)
    }

    @Test("cancelling during the backoff stops retrying with cancelled")
    func cancellation() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .status(503))
        let client = InterceptingHTTPClient(base: mock, interceptors: [
            RetryInterceptor(policy: RetryPolicy(baseDelay: .seconds(30))),
        ])
        let task = Task { try await client.send(TestSupport.request()) }
        while mock.requests.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        task.cancel()
        let error = await #expect(throws: GraftError.self) { try await task.value }
        #expect(error?.code == .cancelled)
        #expect(mock.requests.count == 1)
    }
}
