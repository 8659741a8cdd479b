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
    static let options = RequestOptions(headers: ["X-Tenant-Pin": "pin-4242"])
    static let redactor = Redactor(secretHeaders: ["X-Tenant-Pin"])

    @Test func aConfiguredSecretHeaderIsRedactedInAnHTTPStatusError() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .status(500))
        let transport = HTTPTransport(url: Self.url, client: mock, redactor: Self.redactor)
        let error = try await #require(throws: GraftError.self) { try await transport.execute(Self.request, options: Self.options) }
        let headers = try #require(error.request?.headers)
        #expect(headers["X-Tenant-Pin"] == Redactor.placeholder)
        #expect(!String(describing: error).contains("pin-4242"))
    }

    @Test func aConfiguredSecretHeaderIsRedactedInATransportError() async throws {
        let mock = MockHTTPClient()
        mock.stub(error: URLError(.notConnectedToInternet))
        let transport = HTTPTransport(url: Self.url, client: mock, redactor: Self.redactor)
        let error = try await #require(throws: GraftError.self) { try await transport.execute(Self.request, options: Self.options) }
        #expect(error.request?.headers["X-Tenant-Pin"] == Redactor.placeholder)
        #expect(transport.requestSummary(for: Self.request, options: Self.options)?.headers["X-Tenant-Pin"] == Redactor.placeholder)
    }

    @Test func theDefaultPolicyDoesNotKnowTheHeader() {
        #expect(Redactor.default.redact(headers: ["X-Tenant-Pin": "pin-4242"])["X-Tenant-Pin"] == "pin-4242")
    }
}
