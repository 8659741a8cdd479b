import Foundation
import Testing
@testable import Graft
import GraftTesting
import StarWarsAPI

/// One whole-call deadline per call: the layer a call enters first starts its one timer, and the
/// layers below (the HTTP transport's persisted-query round trips, the intercepting client, the
/// timeout interceptor, the base client) run inside it. Timeouts here fire on answers held until
/// cancelled, far longer than any bound.
@Suite struct DeadlineTests {
    static let url = URL(string: "https://api.example.com/graphql")!
    static let hero = #"{"data":{"hero":{"__typename":"Droid","name":"R2-D2"}}}"#
    static let request = GraphQLRequest(operationName: "Hero", operationKind: .query,
                                        document: OperationDocument(definition: "query Hero { hero { name } }"))

    /// A server that holds its answer until the request is cancelled (by a deadline), recording
    /// that it was.
    static func holding(_ cancelled: Counter) -> MockHTTPClient.Handler {
        { _, _ in
            do {
                try await Task.sleep(for: .seconds(300))
            } catch {
                await cancelled.increment()
                throw error
            }
            return .json("{}")
        }
    }

    @Test func oneFetchThroughTheWholeStackStartsOneWholeCallTimer() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .json(Self.hero))
        let http = InterceptingHTTPClient(base: mock, interceptors: [RetryInterceptor(), TimeoutInterceptor(default: .seconds(60))])
        let client = GraphQLClient(transport: HTTPTransport(url: Self.url, client: http))
        let probe = RequestPipelineProbe()
        let response = try await RequestPipelineProbe.$current.withValue(probe) {
            try await client.fetch(StarWarsAPI.HeroNameQuery(episode: nil), options: RequestOptions(timeout: .seconds(60)))
        }
        #expect(response.data?.hero?.name == "R2-D2")
        #expect(probe.wholeCallTimers == 1)
        #expect(mock.recordedRequests.first?.context.deadline != nil)
    }

    @Test func aContextTimeoutGivenToTheTransportStartsOneWholeCallTimer() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .json(Self.hero))
        let transport = HTTPTransport(url: Self.url, client: InterceptingHTTPClient(base: mock, interceptors: []))
        let probe = RequestPipelineProbe()
        _ = try await RequestPipelineProbe.$current.withValue(probe) {
            try await transport.execute(Self.request, options: RequestOptions(context: RequestContext(timeout: .seconds(60))))
        }
        #expect(probe.wholeCallTimers == 1)
    }

    /// The second round trip of an automatic persisted query (the document, after
    /// `PersistedQueryNotFound`) runs in what is left of the call's one timeout, not a fresh one.
    @Test func anAutomaticPersistedQueryMissRunsInsideOneTimeout() async throws {
        let cancelled = Counter()
        let mock = MockHTTPClient()
        mock.stub(.bodyContains("\"query\""), handler: Self.holding(cancelled))
        mock.stub(response: .json(#"{"errors":[{"message":"PersistedQueryNotFound"}]}"#))
        let transport = HTTPTransport(url: Self.url, client: InterceptingHTTPClient(base: mock, interceptors: []),
                                      persistedQueries: .automatic)
        let probe = RequestPipelineProbe()
        let error = try await RequestPipelineProbe.$current.withValue(probe) {
            try await #require(throws: GraftError.self) {
                try await transport.execute(Self.request, options: RequestOptions(timeout: .seconds(3)))
            }
        }
        #expect(error.code == .timedOut)
        #expect(error.message == "the request timed out after 3000 ms")
        #expect(error.operation == "Hero")
        #expect(mock.requests.count == 2)
        #expect(probe.wholeCallTimers == 1)
        #expect(await cancelled.value == 1)
        // Both round trips ran against the one deadline the call started with.
        let deadlines = mock.recordedRequests.map(\.context.deadline)
        #expect(deadlines.count == 2 && deadlines[0] != nil && deadlines[0] == deadlines[1])
    }

    /// A layer below a call's deadline shortens its own limit to what is left and starts no timer
    /// over it; a limit that ends sooner still runs.
    @Test func attemptLimitsAreShortenedToTheCallsDeadline() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .json(Self.hero))
        let transport = HTTPTransport(url: Self.url, client: InterceptingHTTPClient(base: mock, interceptors: []))
        // The deadline is the call's start plus the timeout, whatever time the call took.
        let before = ContinuousClock.now
        _ = try await transport.execute(Self.request, options: RequestOptions(timeout: .seconds(600)))
        let after = ContinuousClock.now
        let context = try #require(mock.recordedRequests.first?.context)
        let deadline = try #require(context.deadline)
        #expect(deadline >= before.advanced(by: .seconds(600)) && deadline <= after.advanced(by: .seconds(600)))
        #expect(try #require(context.remainingTime) <= .seconds(600))

        let cancelled = Counter()
        let held = MockHTTPClient(handler: Self.holding(cancelled))
        let limited = InterceptingHTTPClient(base: held, interceptors: [TimeoutInterceptor(default: nil)])
        let error = try await #require(throws: GraftError.self) {
            try await limited.send(HTTPRequest(method: .get, url: Self.url),
                                   context: RequestContext(timeout: .seconds(600), attemptTimeout: .milliseconds(200)))
        }
        #expect(error.message == "the request timed out after 200 ms")
        #expect(await cancelled.value == 1)
    }

    /// A REST call through an intercepting client with a context timeout: one timer.
    @Test func aRESTCallStartsOneWholeCallTimer() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .json("{}"))
        let rest = RESTClient(baseURL: URL(string: "https://api.example.test/")!,
                              httpClient: InterceptingHTTPClient(base: mock, interceptors: [TimeoutInterceptor(default: .seconds(60))]))
        let probe = RequestPipelineProbe()
        try await RequestPipelineProbe.$current.withValue(probe) {
            _ = try await rest.send(Endpoint<EmptyResponse>(.get, "users"), context: RequestContext(timeout: .seconds(60)))
        }
        #expect(probe.wholeCallTimers == 1)
    }
}
