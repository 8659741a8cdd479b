import Foundation
import Graft
import GraftTesting
import GraftTestSupport
import Testing

@Suite("Timeouts", .timingSensitive)
struct TimeoutInterceptorTests {
    @Test("a slow request times out with timedOut, and the request below is cancelled")
    func timesOut() async throws {
        let cancelled = Counter()
        let mock = MockHTTPClient(handler: DeadlineTests.holding(cancelled))
        let client = InterceptingHTTPClient(base: mock, interceptors: [TimeoutInterceptor(default: .milliseconds(50))])
        let error = await #expect(throws: GraftError.self) {
            try await client.send(TestSupport.request(), context: RequestContext(operationName: "Slow"))
        }
        #expect(error?.code == .timedOut)
        #expect(error?.message == "the request timed out after 50 ms")
        #expect(error?.operation == "Slow")
        #expect(await cancelled.value == 1)
    }

    @Test("the context's timeout wins over the default, both ways")
    func contextWins() async throws {
        // The bounds that must not fire are 300 s, so a loaded machine cannot fail the test; which
        // limit fired is read from the error's message, not from the clock.
        let quick = MockHTTPClient()
        quick.stub(delay: .milliseconds(150), response: .json("{}"))
        let client = InterceptingHTTPClient(base: quick, interceptors: [TimeoutInterceptor(default: .milliseconds(20))])
        let response = try await client.send(TestSupport.request(), context: RequestContext(timeout: .seconds(300)))
        #expect(response.statusCode == 200)

        let held = MockHTTPClient()
        held.stub(delay: .seconds(600), response: .json("{}"))
        let patient = InterceptingHTTPClient(base: held, interceptors: [TimeoutInterceptor(default: .seconds(300))])
        let error = await #expect(throws: GraftError.self) {
            try await patient.send(TestSupport.request(), context: RequestContext(timeout: .milliseconds(20)))
        }
        #expect(error?.code == .timedOut)
        #expect(error?.message == "the request timed out after 20 ms")
    }

    @Test("no timeout configured: the request runs to completion")
    func noTimeout() async throws {
        let mock = MockHTTPClient()
        mock.stub(delay: .milliseconds(30), response: .json("{}"))
        let client = InterceptingHTTPClient(base: mock, interceptors: [TimeoutInterceptor(default: nil)])
        #expect(try await client.send(TestSupport.request()).statusCode == 200)
    }

    @Test("cancelling the caller gives cancelled, not timedOut")
    func callerCancellation() async throws {
        let mock = MockHTTPClient()
        mock.stub(delay: .seconds(600), response: .json("{}"))
        let client = InterceptingHTTPClient(base: mock, interceptors: [TimeoutInterceptor(default: .seconds(300))])
        let task = Task { try await client.send(TestSupport.request()) }
        while mock.requests.isEmpty { try await Task.sleep(for: .milliseconds(1)) }
        task.cancel()
        let error = await #expect(throws: GraftError.self) { try await task.value }
        #expect(error?.code == .cancelled)
    }

    @Test("bounding the call, outside a retry interceptor, an attempt timeout ends attempts, not the call")
    func boundingTheCallLeavesAttemptsToTheirOwnLimit() async throws {
        let cancelled = Counter()
        let mock = MockHTTPClient(handler: DeadlineTests.holding(cancelled))
        // What GraphQLClient(url:) builds: the call bounded outside the retries; here the attempts
        // are bounded by a second interceptor (a base client does that itself).
        let client = InterceptingHTTPClient(base: mock, interceptors: [
            TimeoutInterceptor(default: .seconds(300), bounds: .call),
            RetryInterceptor(policy: RetryPolicy(maxAttempts: 3, baseDelay: .zero, jitter: 0)),
            TimeoutInterceptor(default: nil),
        ])
        let error = await #expect(throws: GraftError.self) {
            try await client.send(TestSupport.request(), context: RequestContext(timeout: .seconds(300), attemptTimeout: .milliseconds(50)))
        }
        #expect(error?.code == .timedOut)
        #expect(error?.message == "the request timed out after 50 ms")
        #expect(mock.requests.count == 3)
        #expect(await cancelled.value == 3)
    }
}
