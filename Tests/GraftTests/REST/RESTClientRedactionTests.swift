import Foundation
import Testing
import Graft
import GraftTesting

/// The redaction policy given to `RESTClient` is the one its errors use: a default header the app
/// configured as secret is redacted in the request summary of the errors its calls throw.
@Suite struct RESTClientRedactionTests {
    @Test func aConfiguredSecretHeaderIsRedactedInAnHTTPStatusError() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .status(500))
        let client = RESTClient(baseURL: URL(string: "https://api.example.test/")!, httpClient: mock,
                                defaultHeaders: ["X-Tenant-Seal": "seal-4242"], redactor: Redactor(secretHeaders: ["X-Tenant-Seal"]))
        let error = try await #require(throws: GraftError.self) {
            try await client.send(Endpoint<EmptyResponse>(.get, "users"))
        }
        #expect(error.request?.headers["X-Tenant-Seal"] == Redactor.placeholder)
        #expect(!String(reflecting: error).contains("seal-4242"))
    }
}
