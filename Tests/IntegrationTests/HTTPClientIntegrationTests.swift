import Foundation
import Graft
import GraftTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GraftTestSupport
import Testing

/// Graft's HTTP clients (URLSession and libcurl, each test with both) and interceptors against the
/// real integration server.
@Suite("Graft HTTP client against the server", .timingSensitive)
struct HTTPClientIntegrationTests {
    static let tags = "query Tags { allTags }"
    static let idempotent = RequestContext(operationName: "Tags", isIdempotent: true)

    @Test("a query comes back as a 200 with data", arguments: HTTPClientKind.allCases)
    func query(kind: HTTPClientKind) async throws {
        let stack = try await GraftStack.make()
        let response = try await stack.client(kind: kind).send(stack.graphQL(Self.tags), context: Self.idempotent)
        #expect(response.statusCode == 200)
        #expect(try JSON(data: response.body)["data"]["allTags"].array?.isEmpty == false)
        #expect(response.headers["Content-Type"]?.contains("json") == true)
    }

    @Test("500 then success through the retry interceptor", arguments: HTTPClientKind.allCases)
    func retryAfter500(kind: HTTPClientKind) async throws {
        let stack = try await GraftStack.make()
        let client = stack.client([RetryInterceptor(policy: RetryPolicy(baseDelay: .milliseconds(20)))], kind: kind)
        let response = try await client.send(stack.graphQL(Self.tags, headers: ["X-Test-Fail": "500;times=1"]),
                                             context: Self.idempotent)
        #expect(response.statusCode == 200)
        let stats = try await stack.stats()
        #expect(stats["injectedFailures"]["500"].int == 1)
        #expect(stats["paths"]["/graphql"].int == 2)
    }

    @Test("503 with Retry-After: 1 is honoured", arguments: HTTPClientKind.allCases)
    func retryAfterHonoured(kind: HTTPClientKind) async throws {
        let stack = try await GraftStack.make()
        let client = stack.client([RetryInterceptor(policy: RetryPolicy(baseDelay: .milliseconds(10)))], kind: kind)
        let start = ContinuousClock.now
        let response = try await client.send(stack.graphQL(Self.tags, headers: ["X-Test-Fail": "503;retry-after=1;times=1"]),
                                             context: Self.idempotent)
        let elapsed = ContinuousClock.now - start
        #expect(response.statusCode == 200)
        #expect(elapsed >= .milliseconds(950))
        #expect(try await stack.stats()["injectedFailures"]["503"].int == 1)
    }

    @Test("a mutation is not retried after a 500", arguments: HTTPClientKind.allCases)
    func mutationNotRetried(kind: HTTPClientKind) async throws {
        let stack = try await GraftStack.make()
        let client = stack.client([RetryInterceptor(policy: RetryPolicy(baseDelay: .milliseconds(10)))], kind: kind)
        let request = stack.graphQL("mutation M { __typename }", headers: ["X-Test-Fail": "500;times=1"])
        let response = try await client.send(request, context: RequestContext(operationName: "M", isIdempotent: false))
        #expect(response.statusCode == 500)
        #expect(try await stack.stats()["paths"]["/graphql"].int == 1)
    }

    @Test("a slow response times out with timedOut; the context timeout wins over the client default", arguments: HTTPClientKind.allCases)
    func timeout(kind: HTTPClientKind) async throws {
        let stack = try await GraftStack.make()
        let client = stack.client(defaultTimeout: .seconds(30), kind: kind)
        let error = await #expect(throws: GraftError.self) {
            try await client.send(stack.graphQL(Self.tags, headers: ["X-Test-Fail": "slow=300000"]),
                                  context: RequestContext(operationName: "Tags", timeout: .milliseconds(300)))
        }
        #expect(error?.code == .timedOut)
        #expect(error?.operation == "Tags")

        // The context's timeout only bounds a hang: a loaded machine has taken more than 10 s to
        // answer this 400 ms request; the client's 200 ms default would fail it on any machine.
        let patient = stack.client(defaultTimeout: .milliseconds(200), kind: kind)
        let response = try await patient.send(stack.graphQL(Self.tags, headers: ["X-Test-Fail": "slow=400"]),
                                              context: RequestContext(timeout: .seconds(300)))
        #expect(response.statusCode == 200)
    }

    @Test("cancelling the task cancels the request", arguments: HTTPClientKind.allCases)
    func cancellation(kind: HTTPClientKind) async throws {
        let stack = try await GraftStack.make()
        let client = stack.client(kind: kind)
        let task = Task { try await client.send(stack.graphQL(Self.tags, headers: ["X-Test-Fail": "slow=300000"])) }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let error = await #expect(throws: GraftError.self) { try await task.value }
        #expect(error?.code == .cancelled)
    }

    @Test("a truncated body is a transport error, not a crash or a short success", arguments: HTTPClientKind.allCases)
    func truncatedBody(kind: HTTPClientKind) async throws {
        let stack = try await GraftStack.make()
        let error = await #expect(throws: GraftError.self) {
            try await stack.client(kind: kind).send(stack.graphQL(Self.tags, headers: ["X-Test-Fail": "truncated-body"]))
        }
        #expect(error?.code == .transport)
        // Says what happened, not a URLError number.
        let message = error?.message ?? ""
        #expect(message.range(of: #"the response ended after \d+ of \d+ bytes"#, options: .regularExpression) != nil
                || message.contains("the connection closed before the response was complete"), "\(message)")
        #expect(!message.contains("URLError"))
    }

    @Test("malformed JSON from a REST route is a decoding error", arguments: HTTPClientKind.allCases)
    func malformedJSON(kind: HTTPClientKind) async throws {
        struct Page: Decodable, Sendable { let total: Int }
        let stack = try await GraftStack.make()
        let rest = RESTClient(baseURL: stack.url("/rest"), versionPrefix: "v1", httpClient: stack.client(kind: kind))
        let error = await #expect(throws: GraftError.self) {
            try await rest.send(Endpoint<Page>(.get, "courses", headers: ["X-Test-Fail": "malformed-json"]))
        }
        #expect(error?.code == .decoding)
        #expect(error?.operation == "GET courses")
        #expect(error?.statusCode == 200)
    }

    @Test("a connection refused is a transport error naming the request", arguments: HTTPClientKind.allCases)
    func connectionRefused(kind: HTTPClientKind) async throws {
        // The refusal comes at once; the timeout only bounds a hang. A 5 s timeout fired first in a
        // full run beside a release build, when the refusal was not handled in time.
        let client = kind.make(defaultTimeout: .seconds(300))
        let error = await #expect(throws: GraftError.self) {
            try await client.send(HTTPRequest(url: URL(string: "http://127.0.0.1:9/closed?token=abc-123456")!))
        }
        #expect(error?.code == .transport)
        #expect(error?.urlErrorCode == .cannotConnectToHost)
        #expect(error?.request?.url == "http://127.0.0.1:9/closed?token=<redacted>")
    }
}
