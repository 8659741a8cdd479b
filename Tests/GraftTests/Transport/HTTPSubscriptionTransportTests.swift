import Foundation
import Graft
import GraftTestSupport
import Testing

/// `HTTPTransport.subscribe` over scripted multipart responses.
@Suite("HTTP subscriptions (scripted)")
struct HTTPSubscriptionTransportTests {
    static let request = GraphQLRequest(operationName: "OnReview", operationKind: .subscription,
                                        document: OperationDocument(definition: "subscription OnReview { reviewAdded { id } }"))

    static func collect(_ client: ScriptedStreamClient, _ subscriptionProtocol: HTTPSubscriptionProtocol = .multipart)
        async -> (bodies: [GraphQLResponseBody], error: GraftError?) {
        let transport = HTTPTransport(url: URL(string: "https://api.example.com/graphql")!, client: client,
                                      subscriptionProtocol: subscriptionProtocol)
        var bodies: [GraphQLResponseBody] = []
        do {
            for try await body in transport.subscribe(request, options: RequestOptions()) { bodies.append(body) }
            return (bodies, nil)
        } catch {
            return (bodies, error as? GraftError)
        }
    }

    @Test("a part with a top-level `errors` ends the subscription with a graphQLErrors error and closes the connection")
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
            #expect(error?.code == .graphQLErrors, "seed \(seed)")
            #expect(error?.message.contains("the server ended the subscription: the server is shutting down") == true, "seed \(seed)")
            #expect(error?.graphQLErrors.map(\.message) == ["the server is shutting down"])
            #expect(client.cancelledBodies >= 1, "seed \(seed)")
            #expect(client.requests.first?.headers["Accept"]?.contains("subscriptionSpec=\"1.0\"") == true)
        }
    }

    @Test("a payload with errors and no data ends the subscription the same way; errors beside data stay an event's")
    func payloadWithoutData() async throws {
        let stream = "--graphql\r\nContent-Type: application/json\r\n\r\n{\"payload\":{\"data\":{\"n\":null},\"errors\":[{\"message\":\"partial\"}]}}\r\n"
            + "--graphql\r\nContent-Type: application/json\r\n\r\n{\"payload\":{\"errors\":[{\"message\":\"the source failed\"}]}}\r\n"
            + "--graphql\r\nContent-Type: application/json\r\n\r\n{}\r\n"  // the delimiter that completes the part before
        let client = ScriptedStreamClient([.init(status: 200, chunks: [stream], stalls: true,
                                                 contentType: "multipart/mixed; boundary=\"graphql\"; subscriptionSpec=1.0")])
        let (bodies, error) = await Self.collect(client)
        #expect(bodies.map { $0.errors.map(\.message) } == [["partial"]])
        #expect(error?.code == .graphQLErrors)
        #expect(error?.graphQLErrors.map(\.message) == ["the source failed"])
    }

    @Test("a plain JSON answer with errors and no data (the server refused the subscription) ends it with a graphQLErrors error",
          arguments: [HTTPSubscriptionProtocol.multipart, .serverSentEvents])
    func refusedAsJSON(subscriptionProtocol: HTTPSubscriptionProtocol) async throws {
        let client = ScriptedStreamClient([.init(status: 200, chunks: [#"{"errors":[{"message":"not allowed"}]}"#],
                                                 contentType: "application/json")])
        let (bodies, error) = await Self.collect(client, subscriptionProtocol)
        #expect(bodies.isEmpty)
        #expect(error?.code == .graphQLErrors)
        #expect(error?.graphQLErrors.map(\.message) == ["not allowed"])
        #expect(error?.statusCode == 200)
    }

    @Test("a plain JSON answer with data is one result, errors beside it")
    func answeredAsJSON() async throws {
        let client = ScriptedStreamClient([.init(status: 200, chunks: [#"{"data":{"n":1},"errors":[{"message":"partial"}]}"#],
                                                 contentType: "application/json")])
        let (bodies, error) = await Self.collect(client)
        #expect(error == nil)
        #expect(bodies.map(\.data) == [.object(["n": 1])])
        #expect(bodies.map { $0.errors.map(\.message) } == [["partial"]])
    }

    @Test("an SSE next event with errors and no data (graphql-sse's refusal, or a failed source stream) ends the subscription")
    func serverSentEventWithoutData() async throws {
        let events = "event: next\ndata: {\"data\":{\"n\":1}}\n\n"
            + "event: next\ndata: {\"data\":null,\"errors\":[{\"message\":\"partial\"}]}\n\n"
            + "event: next\ndata: {\"errors\":[{\"message\":\"the source failed\"}]}\n\nevent: complete\n\n"
        let client = ScriptedStreamClient([.init(status: 200, chunks: [events], contentType: "text/event-stream")])
        let (bodies, error) = await Self.collect(client, .serverSentEvents)
        #expect(bodies.map(\.data) == [.object(["n": 1]), nil])
        #expect(bodies.last?.errors.map(\.message) == ["partial"])
        #expect(error?.code == .graphQLErrors)
        #expect(error?.graphQLErrors.map(\.message) == ["the source failed"])
    }
}
