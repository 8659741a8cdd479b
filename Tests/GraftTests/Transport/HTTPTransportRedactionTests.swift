import Foundation
import Testing
@testable import Graft
import GraftTesting

/// The redaction policy given to `HTTPTransport` is the one its errors use: a header the app
/// configured as secret is redacted in the request summary of every error the transport throws,
/// not only the names `Redactor.default` knows.
@Suite struct HTTPTransportRedactionTests {
    static let url = URL(string: "https://api.example.com/graphql")!
    static let request = GraphQLRequest(operationName: "Hero", operationKind: .query,
                                        document: OperationDocument(definition: "query Hero { hero { name } }"))
    /// A header no built-in rule calls secret.
    static let options = RequestOptions(headers: ["X-Tenant-Seal": "seal-4242"])
    static let redactor = Redactor(secretHeaders: ["X-Tenant-Seal"])

    @Test func aConfiguredSecretHeaderIsRedactedInAnHTTPStatusError() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .status(500))
        let transport = HTTPTransport(url: Self.url, client: mock, redactor: Self.redactor)
        let error = try await #require(throws: GraftError.self) { try await transport.execute(Self.request, options: Self.options) }
        let headers = try #require(error.request?.headers)
        #expect(headers["X-Tenant-Seal"] == Redactor.placeholder)
        #expect(!String(describing: error).contains("seal-4242"))
    }

    @Test func aConfiguredSecretHeaderIsRedactedInATransportError() async throws {
        let mock = MockHTTPClient()
        mock.stub(error: URLError(.notConnectedToInternet))
        let transport = HTTPTransport(url: Self.url, client: mock, redactor: Self.redactor)
        let error = try await #require(throws: GraftError.self) { try await transport.execute(Self.request, options: Self.options) }
        #expect(error.request?.headers["X-Tenant-Seal"] == Redactor.placeholder)
        #expect(transport.requestSummary(for: Self.request, options: Self.options)?.headers["X-Tenant-Seal"] == Redactor.placeholder)
    }

    /// A multipart subscription whose server echoes the configured secret header's value in the
    /// errors that end it: the subscription's failure (read by `SubscriptionPayloadReader`) shows
    /// the value scrubbed.
    @Test func aConfiguredSecretHeaderEchoedInASubscriptionFailureIsScrubbed() async throws {
        let part = #"{"errors":[{"message":"tenant seal seal-4242 is locked"}]}"#
        let stream = "--graphql\r\nContent-Type: application/json\r\n\r\n\(part)\r\n--graphql\r\n"
        let client = ScriptedStreamClient([.init(status: 200, chunks: [stream], stalls: true,
                                                 contentType: "multipart/mixed; boundary=\"graphql\"; subscriptionSpec=1.0")])
        let transport = HTTPTransport(url: Self.url, client: client, redactor: Self.redactor)
        let subscription = GraphQLRequest(operationName: "OnReview", operationKind: .subscription,
                                          document: OperationDocument(definition: "subscription OnReview { reviewAdded { id } }"))
        let error = try await #require(throws: GraftError.self) {
            for try await _ in transport.subscribe(subscription, options: Self.options) {}
        }
        #expect(error.graphQLErrors.map(\.message) == ["tenant seal \(Redactor.placeholder) is locked"])
        #expect(!String(describing: error).contains("seal-4242"))
    }

    @Test func theDefaultPolicyDoesNotKnowTheHeader() {
        #expect(Redactor.default.redact(headers: ["X-Tenant-Seal": "seal-4242"])["X-Tenant-Seal"] == "seal-4242")
    }
}
