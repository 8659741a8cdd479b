import Foundation
import Graft
import GraftTestSupport
import Testing
@testable import GraftWebSocket

/// The redaction policy of `WebSocketConfiguration` is the one the transport scrubs with: the value
/// of an upgrade header the app configured as secret, echoed by the server in its errors, never
/// reaches the error an operation ends with.
@Suite("WebSocket transport: redaction", .timingSensitive)
struct WebSocketTransportRedactionTests {
    @Test("a configured secret header's value echoed in an error message is scrubbed from the subscription's failure")
    func configuredSecretHeaderIsScrubbed() async throws {
        let error = try await Self.failureEchoingThePin(redactor: Redactor(secretHeaders: ["X-Tenant-Pin"]))
        #expect(error.graphQLErrors.map(\.message) == ["tenant pin \(Redactor.placeholder) is locked"])
        #expect(!String(describing: error).contains("pin-4242"))
    }

    @Test("the default policy does not know the header, so its value is the server's text")
    func defaultPolicyKeepsUnknownHeader() async throws {
        let error = try await Self.failureEchoingThePin(redactor: .default)
        #expect(error.graphQLErrors.map(\.message) == ["tenant pin pin-4242 is locked"])
    }

    /// A subscription sent with `X-Tenant-Pin: pin-4242` under `redactor`, which the server ends with
    /// an `error` message quoting the pin.
    static func failureEchoingThePin(redactor: Redactor) async throws -> GraftError {
        let (transport, connector) = makeTransport { configuration in
            configuration.headers = ["X-Tenant-Pin": "pin-4242"]
            configuration.redactor = redactor
        }
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        let server = try await connector.accept()
        try await server.acknowledge()
        let id = try await server.expectSubscribe()
        try await server.send(["id": .string(id), "type": "error", "payload": [["message": "tenant pin pin-4242 is locked"]]])
        await events.waitForEnd()
        return try #require(events.error as? GraftError)
    }
}
