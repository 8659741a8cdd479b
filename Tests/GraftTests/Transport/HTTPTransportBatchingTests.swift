import Foundation
@testable import Graft
import GraftTesting
import StarWarsAPI
import Testing

/// ``HTTPTransport``'s batching: operations issued together travel in one HTTP request (a JSON
/// array of request bodies), each caller getting its own response. Batches here are sent when
/// full (a delay of an hour never passes), so nothing depends on timing.
@Suite(.timeLimit(.minutes(5))) struct HTTPTransportBatchingTests {
    static let url = URL(string: "https://api.example.com/graphql")!
    static let full10 = BatchingPolicy(maxOperations: 10, maxDelay: .seconds(3600))

    /// Answers a batch: for each operation, a hero named after its episode variable and its place
    /// in the batch; an error beside the data for JEDI.
    static func answerBatch(_ request: HTTPRequest) throws -> HTTPResponse {
        guard case .array(let items) = try JSONParser.parse([UInt8](request.body ?? Data())) else {
            return .json(#"{"errors":[{"message":"not a batch"}]}"#, status: 400)
        }
        let responses: [JSONValue] = items.enumerated().map { index, item in
            let episode = item["variables"]?["episode"]?.stringValue ?? "none"
            var response: JSONValue = ["data": ["hero": ["__typename": "Droid", "name": .string("\(episode)-\(index)")]]]
            if episode == "JEDI" { response = ["data": response["data"]!, "errors": [["message": "no Jedi today", "path": ["hero"]]]] }
            return response
        }
        return .json(JSONValue.array(responses).serialized)
    }

    static func client(_ mock: MockHTTPClient, batching: BatchingPolicy?,
                       persistedQueries: HTTPTransport.PersistedQueries = .disabled) -> GraphQLClient {
        GraphQLClient(transport: HTTPTransport(url: url, client: mock, persistedQueries: persistedQueries, batching: batching))
    }

    static let episodes: [StarWarsAPI.Episode] = [.empire, .jedi, .newhope]
    static let alone = RequestOptions(deduplicates: false)

    @Test func tenQueriesIssuedTogetherTravelInOneRequest() async throws {
        let mock = MockHTTPClient { request, _ in try Self.answerBatch(request) }
        let client = Self.client(mock, batching: Self.full10)
        let fetches = (0..<10).map { index in
            let episode = Self.episodes[index % 3]
            return (episode, Task { try await client.fetch(StarWarsAPI.HeroNameQuery(episode: .some(.value(episode))), options: Self.alone) })
        }
        var names: Set<String> = []
        for (episode, fetch) in fetches {
            let response = try await fetch.value
            let name = try #require(response.data?.hero?.name)
            #expect(name.hasPrefix(episode.rawValue + "-"))
            #expect(response.errors.map { $0.message } == (episode == .jedi ? ["no Jedi today"] : []))
            names.insert(name)
        }
        #expect(names.count == 10)
        #expect(mock.requests.count == 1)
        let sent = try JSONParser.parse([UInt8](mock.requests[0].body ?? Data()))
        #expect(sent.arrayValue?.count == 10)
        #expect(sent.arrayValue?.allSatisfy { $0["operationName"] == "HeroName" && $0["query"]?.stringValue != nil } == true)
        #expect(mock.requests[0].headers["Content-Type"] == "application/json")
    }

    @Test func withoutBatchingEachQueryHasItsOwnRequest() async throws {
        let mock = MockHTTPClient { _, _ in .json(#"{"data":{"hero":{"__typename":"Droid","name":"R2-D2"}}}"#) }
        let client = Self.client(mock, batching: nil)
        let fetches = (0..<10).map { index in
            Task { try await client.fetch(StarWarsAPI.HeroNameQuery(episode: .some(.value(Self.episodes[index % 3]))), options: Self.alone) }
        }
        for fetch in fetches { #expect(try await fetch.value.data?.hero?.name == "R2-D2") }
        #expect(mock.requests.count == 10)
    }

    @Test func aFailedBatchFailsEachOperationWithItsOwnName() async throws {
        let mock = MockHTTPClient { _, _ in .json(#"{"message":"overloaded"}"#, status: 503) }
        let client = Self.client(mock, batching: BatchingPolicy(maxOperations: 2, maxDelay: .seconds(3600)))
        let review = StarWarsAPI.ReviewInput(stars: 4)
        let query = Task { try await client.fetch(StarWarsAPI.HeroNameQuery(), options: Self.alone) }
        let mutation = Task { try await client.perform(StarWarsAPI.CreateReviewForEpisodeMutation(episode: .init(.jedi), review: review)) }
        let queryError = await #expect(throws: GraftError.self) { try await query.value }
        let mutationError = await #expect(throws: GraftError.self) { try await mutation.value }
        #expect(queryError?.code == .httpStatus)
        #expect(queryError?.operation == "HeroName")
        #expect(mutationError?.code == .httpStatus)
        #expect(mutationError?.operation == "CreateReviewForEpisode")
        #expect(mock.requests.count == 1)
        // A batch holding a mutation is not idempotent: nothing may repeat it.
        #expect(mock.recordedRequests.first?.context.isIdempotent == false)
    }

    @Test func aServerThatDoesNotBatchIsAClearError() async throws {
        let mock = MockHTTPClient { _, _ in .json(#"{"data":null,"errors":[{"message":"Batching is not enabled"}]}"#) }
        let client = Self.client(mock, batching: BatchingPolicy(maxOperations: 2, maxDelay: .seconds(3600)))
        let fetches = (0..<2).map { _ in Task { try await client.fetch(StarWarsAPI.HeroNameQuery(), options: Self.alone) } }
        for fetch in fetches {
            let error = await #expect(throws: GraftError.self) { try await fetch.value }
            #expect(error?.code == .decoding)
            #expect(error?.message.contains("does it accept batched requests?") == true)
        }
    }

    @Test func aCallerCancelledBeforeTheBatchIsSentLeavesIt() async throws {
        let mock = MockHTTPClient { request, _ in try Self.answerBatch(request) }
        let client = Self.client(mock, batching: BatchingPolicy(maxOperations: 3, maxDelay: .seconds(3600)))
        let queue = try #require((client.transport as? HTTPTransport)?.batchQueue)
        let leaving = Task { try await client.fetch(StarWarsAPI.HeroNameQuery(episode: .some(.value(.empire))), options: Self.alone) }
        try await waitUntil { queue.collecting == 1 }
        leaving.cancel()
        let error = await #expect(throws: GraftError.self) { try await leaving.value }
        #expect(error?.code == .cancelled)
        #expect(queue.collecting == 0)
        let staying = (0..<3).map { _ in Task { try await client.fetch(StarWarsAPI.HeroNameQuery(episode: .some(.value(.newhope))), options: Self.alone) } }
        for fetch in staying { #expect(try await fetch.value.data?.hero?.name.hasPrefix("NEWHOPE-") == true) }
        #expect(mock.requests.count == 1)
        #expect(try JSONParser.parse([UInt8](mock.requests[0].body ?? Data())).arrayValue?.count == 3)
    }

    @Test func automaticPersistedQueriesWorkInsideABatch() async throws {
        // Hash only first: the server does not know the documents, so each operation is sent
        // again with its document, and the second batch registers and answers them.
        let mock = MockHTTPClient { request, _ in
            guard case .array(let items) = try JSONParser.parse([UInt8](request.body ?? Data())) else { return .json("{}", status: 400) }
            let responses: [JSONValue] = items.map { item in
                #expect(item["extensions"]?["persistedQuery"]?["sha256Hash"]?.stringValue != nil)
                guard item["query"] != nil else { return ["errors": [["message": "PersistedQueryNotFound"]]] }
                return ["data": ["hero": ["__typename": "Human", "name": "Luke"]]]
            }
            return .json(JSONValue.array(responses).serialized)
        }
        let client = Self.client(mock, batching: BatchingPolicy(maxOperations: 2, maxDelay: .seconds(3600)), persistedQueries: .automatic)
        let fetches = Self.episodes.prefix(2).map { episode in
            Task { try await client.fetch(StarWarsAPI.HeroNameQuery(episode: .some(.value(episode))), options: Self.alone) }
        }
        for fetch in fetches { #expect(try await fetch.value.data?.hero?.name == "Luke") }
        #expect(mock.requests.count == 2)
        let bodies = try mock.requests.map { try JSONParser.parse([UInt8]($0.body ?? Data())).arrayValue ?? [] }
        #expect(bodies.map(\.count) == [2, 2])
        #expect(bodies[0].allSatisfy { $0["query"] == nil })
        #expect(bodies[1].allSatisfy { $0["query"] != nil })
    }

    /// Waits until `condition` holds (the suite's time limit bounds a hang).
    private func waitUntil(_ condition: @Sendable () -> Bool) async throws {
        while !condition() { try await Task.sleep(for: .milliseconds(1)) }
    }
}

private extension JSONValue {
    /// The value of a field of an object; nil for anything else.
    subscript(key: String) -> JSONValue? { objectValue?[key] }

    /// The items of a list; nil for anything else.
    var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }
}
