import Foundation
import Testing
@testable import Graft
import GraftTesting
import StarWarsAPI

/// Errors leave a request's outermost layer once: classified, with the operation name and a
/// request summary built once, and with every secret in flight scrubbed (a header the app's
/// redactor calls secret, a credential an interceptor added), whatever the layers below threw.
@Suite struct RequestErrorScrubbingTests {
    static let url = URL(string: "https://api.example.com/graphql")!
    static let redactor = Redactor(secretHeaders: ["X-Tenant-Seal"])
    static let options = RequestOptions(headers: ["X-Tenant-Seal": "seal-4242"])

    /// Adds a bearer token below the transport and notes it, as an authentication interceptor does.
    struct BearerInterceptor: HTTPInterceptor {
        func intercept(_ request: HTTPRequest, context: RequestContext, next: @escaping HTTPNext) async throws -> HTTPResponse {
            var request = request
            request.headers["Authorization"] = "Bearer tok-98765"
            context.noteCredential("tok-98765")
            return try await next(request, context)
        }
    }

    static func client(_ mock: MockHTTPClient) -> GraphQLClient {
        let http = InterceptingHTTPClient(base: mock, interceptors: [BearerInterceptor(), TimeoutInterceptor(default: .seconds(60))],
                                          redactor: redactor)
        return GraphQLClient(transport: HTTPTransport(url: url, client: http, redactor: redactor))
    }

    /// What a failed fetch shows, its summary count, checked for the secrets.
    static func failedFetch(_ mock: MockHTTPClient, options: RequestOptions = options) async throws -> (GraftError, summaries: Int) {
        let probe = RequestPipelineProbe()
        let error = try await RequestPipelineProbe.$current.withValue(probe) {
            try await #require(throws: GraftError.self) {
                try await client(mock).fetch(StarWarsAPI.HeroNameQuery(episode: nil), options: options)
            }
        }
        let shown = String(describing: error) + String(reflecting: error)
        #expect(!shown.contains("seal-4242"))
        #expect(!shown.contains("tok-98765"))
        #expect(error.operation == "HeroName")
        #expect(error.request?.headers["X-Tenant-Seal"] == Redactor.placeholder)
        return (error, probe.requestSummaries)
    }

    @Test func anHTTPStatusErrorBuildsItsRequestSummaryOnce() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .json(#"{"message":"seal seal-4242 with token tok-98765 refused"}"#, status: 500))
        let (error, summaries) = try await Self.failedFetch(mock)
        #expect(error.code == .httpStatus)
        #expect(summaries == 1)
    }

    @Test func aTransportErrorBuildsItsRequestSummaryOnce() async throws {
        let mock = MockHTTPClient()
        mock.stub(error: URLError(.notConnectedToInternet))
        let (error, summaries) = try await Self.failedFetch(mock)
        #expect(error.code == .transport)
        #expect(summaries == 1)
    }

    /// The whole-call timer's error is about the request it cut short.
    @Test func aTimeoutBuildsItsRequestSummaryOnce() async throws {
        let mock = MockHTTPClient { _, _ in
            try await Task.sleep(for: .seconds(300))
            return .json("{}")
        }
        var options = Self.options
        options.timeout = .milliseconds(300)
        let (error, summaries) = try await Self.failedFetch(mock, options: options)
        #expect(error.code == .timedOut)
        #expect(summaries == 1)
    }

    /// The server's GraphQL errors echoing the token, thrown on request: scrubbed.
    @Test func thrownGraphQLErrorsAreScrubbed() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .json(#"{"errors":[{"message":"token tok-98765 for seal-4242 expired"}]}"#, status: 401,
                                  headers: ["Content-Type": "application/graphql-response+json"]))
        let (error, summaries) = try await Self.failedFetch(mock)
        #expect(error.code == .graphQLErrors)
        #expect(error.graphQLErrors.first?.message.contains("tok-98765") == false)
        #expect(summaries == 1)
    }

    @Test func aRESTErrorBuildsItsRequestSummaryOnce() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .json(#"{"message":"seal seal-4242 with token tok-98765 refused"}"#, status: 500))
        let http = InterceptingHTTPClient(base: mock, interceptors: [BearerInterceptor()], redactor: Self.redactor)
        let rest = RESTClient(baseURL: URL(string: "https://api.example.test/")!, httpClient: http,
                              defaultHeaders: ["X-Tenant-Seal": "seal-4242"], redactor: Self.redactor)
        let probe = RequestPipelineProbe()
        let error = try await RequestPipelineProbe.$current.withValue(probe) {
            try await #require(throws: GraftError.self) { try await rest.send(Endpoint<EmptyResponse>(.get, "users")) }
        }
        let shown = String(describing: error) + String(reflecting: error)
        #expect(!shown.contains("seal-4242"))
        #expect(!shown.contains("tok-98765"))
        #expect(error.code == .httpStatus)
        #expect(error.request?.headers["X-Tenant-Seal"] == Redactor.placeholder)
        #expect(probe.requestSummaries == 1)
    }
}
