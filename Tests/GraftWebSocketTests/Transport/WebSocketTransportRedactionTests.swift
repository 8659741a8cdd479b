import Foundation
import Graft
import GraftTestSupport
import Testing
@testable import GraftWebSocket

/// The redaction policy of `WebSocketConfiguration` is the one the transport scrubs with: the value
/// of an upgrade header the app configured as secret, and the credentials of the `connection_init`
/// payload (the token and the values of its secret fields), echoed by the server in a rejection or
/// in its errors, never reach the error an operation ends with.
@Suite("WebSocket transport: redaction", .timingSensitive)
struct WebSocketTransportRedactionTests {
    @Test("a configured secret header's value echoed in an error message is scrubbed from the subscription's failure")
    func configuredSecretHeaderIsScrubbed() async throws {
        let error = try await Self.failureEchoingTheSeal(redactor: Redactor(secretHeaders: ["X-Tenant-Seal"]))
        #expect(error.graphQLErrors.map(\.message) == ["tenant seal \(Redactor.placeholder) is locked"])
        #expect(!String(describing: error).contains("seal-4242"))
    }

    @Test("the default policy does not know the header, so its value is the server's text")
    func defaultPolicyKeepsUnknownHeader() async throws {
        let error = try await Self.failureEchoingTheSeal(redactor: .default)
        #expect(error.graphQLErrors.map(\.message) == ["tenant seal seal-4242 is locked"])
    }

    /// A subscription sent with `X-Tenant-Seal: seal-4242` under `redactor`, which the server ends with
    /// an `error` message quoting the seal.
    static func failureEchoingTheSeal(redactor: Redactor) async throws -> GraftError {
        let (transport, connector) = makeTransport { configuration in
            configuration.headers = ["X-Tenant-Seal": "seal-4242"]
            configuration.redactor = redactor
        }
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        let server = try await connector.accept()
        try await server.acknowledge()
        let id = try await server.expectSubscribe()
        try await server.send(["id": .string(id), "type": "error", "payload": [["message": "tenant seal seal-4242 is locked"]]])
        await events.waitForEnd()
        return try #require(events.error as? GraftError)
    }

    /// A token long enough to be scrubbed wherever it appears.
    static let token = "tok-7f3a9c2e51"

    /// The ways an error can be printed: none may show `secret`.
    static func expectNoSecret(_ error: GraftError, _ secret: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for text in [String(describing: error), error.localizedDescription, String(reflecting: error), error.message,
                     error.underlying.map { String(describing: $0) } ?? ""] {
            #expect(!text.contains(secret), "\(text)", sourceLocation: sourceLocation)
        }
    }

    @Test("the token of a connection_init payload, echoed in connection_error, is scrubbed from the rejection")
    func tokenEchoedInConnectionError() async throws {
        let (transport, connector) = makeTransport(.graphqlWS) {
            $0.connectionPayload = { _ in ["authorization": .string("Bearer \(Self.token)")] }
        }
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        let server = try await connector.accept(subprotocol: "graphql-ws")
        #expect(try await server.expect("connection_init")["payload"] == ["authorization": .string("Bearer \(Self.token)")])
        try await server.send(["type": "connection_error", "payload": ["message": .string("token \(Self.token) expired")]])
        await events.waitForEnd()
        let error = try #require(events.error as? GraftError)
        #expect(error.code == .unauthorized)
        #expect(error.message.contains("token \(Redactor.placeholder) expired"))
        Self.expectNoSecret(error, Self.token)
    }

    @Test("a token from the coordinator, under a field name that is not secret, echoed in a close reason, is scrubbed")
    func coordinatorTokenEchoedInCloseReason() async throws {
        let tokens = TokenRefreshCoordinator(token: Self.token) { _ in "tok-second-8d2b0e" }
        let (transport, connector) = makeTransport {
            $0.tokens = tokens
            $0.connectionPayload = { token in ["jwt": .string(token ?? "")] }
        }
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        for _ in 0..<2 {
            let server = try await connector.accept()
            guard case .string(let sent)? = try await server.expect("connection_init")["payload"]?.objectValue?["jwt"] else {
                Issue.record("no jwt in connection_init")
                return
            }
            try await server.close(code: 4403, reason: "jwt \(sent) refused")
        }
        await events.waitForEnd()
        let error = try #require(events.error as? GraftError)
        #expect(error.code == .unauthorized)
        #expect(error.message.contains("jwt \(Redactor.placeholder) refused"))
        Self.expectNoSecret(error, "tok-second-8d2b0e")
        Self.expectNoSecret(error, Self.token)
    }

    @Test("the payload's token echoed in a subscription's error message is scrubbed from its failure")
    func tokenEchoedInSubscriptionError() async throws {
        let (transport, connector) = makeTransport { $0.connectionPayload = { _ in ["authToken": .string(Self.token)] } }
        let events = Collector(transport.subscribe(request(), options: RequestOptions()))
        let server = try await connector.accept()
        try await server.acknowledge()
        let id = try await server.expectSubscribe()
        try await server.send(["id": .string(id), "type": "error", "payload": [["message": .string("\(Self.token) lacks a scope")]]])
        await events.waitForEnd()
        let error = try #require(events.error as? GraftError)
        #expect(error.graphQLErrors.map(\.message) == ["\(Redactor.placeholder) lacks a scope"])
        Self.expectNoSecret(error, Self.token)
    }

    @Test("the payload's token echoed in a query's result errors is scrubbed from the result")
    func tokenEchoedInQueryResultErrors() async throws {
        let (transport, connector) = makeTransport { $0.connectionPayload = { _ in ["authToken": .string(Self.token)] } }
        let events = Collector(transport.subscribe(request("Viewer", kind: .query), options: RequestOptions()))
        let server = try await connector.accept()
        try await server.acknowledge()
        let id = try await server.expectSubscribe()
        try await server.send(["id": .string(id), "type": "next",
                               "payload": ["data": nil, "errors": [["message": .string("no viewer for \(Self.token)")]]]])
        try await server.send(["id": .string(id), "type": "complete"])
        let bodies = await events.wait(for: 1)
        #expect(bodies.first?.errors.map(\.message) == ["no viewer for \(Redactor.placeholder)"])
    }
}
