import Foundation
import Testing
@testable import Graft
import GraftTesting

/// The redaction policy given to the recommended client (`GraphQLClient(url:redactor:…)`) reaches
/// the transport and interceptor stack it builds: a header the app configured as secret is
/// redacted in the request summary of the errors its calls throw.
@Suite struct RecommendedClientRedactionTests {
    static let url = URL(string: "https://api.example.com/graphql")!
    static let request = GraphQLRequest(operationName: "Hero", operationKind: .query,
                                        document: OperationDocument(definition: "query Hero { hero { name } }"))
    /// A header no built-in rule calls secret.
    static let options = RequestOptions(headers: ["X-Tenant-Seal": "seal-4242"])

    @Test func aConfiguredSecretHeaderIsRedactedInTheErrorsOfTheRecommendedClient() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .status(500))
        let client = GraphQLClient(url: Self.url, retryPolicy: nil, base: mock,
                                   redactor: Redactor(secretHeaders: ["X-Tenant-Seal"]))
        let error = try await #require(throws: GraftError.self) {
            try await client.transport.execute(Self.request, options: Self.options)
        }
        #expect(error.request?.headers["X-Tenant-Seal"] == Redactor.placeholder)
        #expect(!String(describing: error).contains("seal-4242"))
        #expect(!String(reflecting: error).contains("seal-4242"))
    }

    @Test func aConfiguredSecretHeaderIsRedactedInTheLogOfTheRecommendedClient() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .json(#"{"data":{"hero":null}}"#))
        let log = RecordingLogSink()
        let client = GraphQLClient(url: Self.url, logSink: log, retryPolicy: nil, base: mock,
                                   redactor: Redactor(secretHeaders: ["X-Tenant-Seal"]))
        _ = try await client.transport.execute(Self.request, options: Self.options)
        #expect(log.text.contains("X-Tenant-Seal: \(Redactor.placeholder)"), "\(log.text)")
        #expect(!log.text.contains("seal-4242"))
    }
}
