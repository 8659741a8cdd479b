import Foundation
import Graft
import GraftTestSupport
import Testing

/// `HTTPTransport.subscribe` over scripted multipart responses.
@Suite("HTTP subscriptions (scripted)")
struct HTTPSubscriptionTransportTests {
    static let request = GraphQLRequest(operationName: "OnReview", operationKind: .subscription,
                                        document: OperationDocument(definition: "subscription OnReview { reviewAdded { id } }"))

    static func collect(_ client: ScriptedStreamClient) async -> (bodies: [GraphQLResponseBody], error: GraftError?) {
        let transport = HTTPTransport(url: URL(string: "https://api.example.com/graphql")!, client: client)
        var bodies: [GraphQLResponseBody] = []
        do {
            for try await body in transport.subscribe(request, options: RequestOptions()) { bodies.append(body) }
            return (bodies, nil)
        } catch {
            return (bodies, error as? GraftError)
        }
    }

    @Test("a part with a top-level `errors` ends the subscription as a fatal transport error and closes the connection")
    func fatalErrorsPart() async throws {
        let stream = "--graphql\r\nContent-Type: application/json\r\n\r\n{\"payload\":{\"data\":{\"n\":1}}}\r\n"
            + "--graphql\r\nContent-Type: application/json\r\n\r\n{}\r\n"
            + "--graphql\r\nContent-Type: application/json\r\n\r\n{\"errors\":[{\"message\":\"the server is shutting down\"}]}\r\n"
            + "--graphql\r\nContent-Type: application/json\r\n\r\n{\"payload\":{\"data\":{\"n\":2}}}\r\n"
        for seed in UInt64(0)..<20 {
            // The body stays open after the parts: only the client can end it.
            let client = ScriptedStreamClient([.init(status: 200, chunks: Chunking.random(Array(stream.utf8), seed: seed)
                .map { String(decoding: $0, as: UTF8.self) }, stalls: true,
                contentType: "multipart/mixed; boundary=\"graphql\"; subscriptionSpec=1.0")])
            let (bodies, error) = await Self.collect(client)
            #expect(bodies.map(\.data) == [.object(["n": 1])], "seed \(seed)")
            #expect(error?.code == .transport, "seed \(seed)")
            #expect(error?.message.contains("the server ended the subscription: the server is shutting down") == true, "seed \(seed)")
            #expect(error?.graphQLErrors.map(\.message) == ["the server is shutting down"])
            #expect(client.cancelledBodies >= 1, "seed \(seed)")
            #expect(client.requests.first?.headers["Accept"]?.contains("subscriptionSpec=\"1.0\"") == true)
        }
    }
}
