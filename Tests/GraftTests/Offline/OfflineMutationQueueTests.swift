import Foundation
import Testing
@testable import Graft
import StarWarsAPI

/// The queue's rules over a scripted transport: what is transient, head-of-line order across
/// retries, the idempotency key on every attempt, rejections not retried.
@Suite(.timingSensitive) struct OfflineMutationQueueTests {
    /// The mutation queued: a review whose `stars` numbers it.
    static func review(_ n: Int) -> StarWarsAPI.CreateReviewForEpisodeMutation {
        StarWarsAPI.CreateReviewForEpisodeMutation(episode: .value(.jedi), review: StarWarsAPI.ReviewInput(stars: n))
    }

    /// The number of a queued review's request.
    static func number(_ request: GraphQLRequest) -> Int? {
        if case .object(let review)? = request.variables["review"], case .int(let n)? = review["stars"] { n } else { nil }
    }

    /// Answers each request with what `script` says for (n, attempt of that n); records each
    /// request's n and idempotency key.
    final class ScriptedTransport: GraphQLTransport, @unchecked Sendable {
        let script: @Sendable (Int, Int) throws -> GraphQLResponseBody
        private let lock = NSLock()
        private var log: [(n: Int, key: String?)] = []

        init(_ script: @escaping @Sendable (Int, Int) throws -> GraphQLResponseBody) { self.script = script }

        var sent: [(n: Int, key: String?)] { lock.withLock { log } }

        func execute(_ request: GraphQLRequest, options: RequestOptions) async throws -> GraphQLResponseBody {
            guard let n = OfflineMutationQueueTests.number(request) else { throw GraftError(.transport, message: "no n") }
            let attempt = lock.withLock { () -> Int in
                log.append((n, options.headers["Idempotency-Key"]))
                return log.filter { $0.n == n }.count
            }
            return try script(n, attempt)
        }

        func subscribe(_ request: GraphQLRequest, options: RequestOptions) -> AsyncThrowingStream<GraphQLResponseBody, any Error> {
            AsyncThrowingStream { $0.finish() }
        }
    }

    static let ok = GraphQLResponseBody(data: ["createReview": ["__typename": "Review", "stars": 5, "commentary": nil]])

    /// The events of `stream` until `done` says so.
    static func events(_ stream: AsyncStream<OfflineQueueEvent>, until done: @escaping @Sendable ([OfflineQueueEvent]) -> Bool) async -> [OfflineQueueEvent] {
        var seen: [OfflineQueueEvent] = []
        for await event in stream {
            seen.append(event)
            if done(seen) { break }
        }
        return seen
    }

    @Test func transientFailuresKeepTheEntryFirstInLineWithTheSameKey() async throws {
        // Review 1 fails twice (connection lost, then a 503 with GraphQL errors), then succeeds.
        let transport = ScriptedTransport { n, attempt in
            guard n == 1 else { return Self.ok }
            switch attempt {
            case 1: throw GraftError(.transport, message: "connection lost")
            case 2: throw GraftError(.graphQLErrors, message: "overloaded", statusCode: 503)
            default: return Self.ok
            }
        }
        let monitor = ManualNetworkMonitor(.offline)
        let queue = try OfflineMutationQueue(client: GraphQLClient(transport: transport), monitor: monitor,
                                             configuration: OfflineQueueConfiguration(retryDelay: .milliseconds(5)))
        await queue.start()
        var keys: [String] = []
        for n in 1...3 { keys.append(try await queue.enqueue(Self.review(n)).id) }
        let stream = await queue.events()
        let collecting = Task { await Self.events(stream, until: { $0.filter { if case .delivered = $0 { true } else { false } }.count == 3 }) }
        monitor.set(.online)
        let events = await collecting.value
        #expect(transport.sent.map(\.n) == [1, 1, 1, 2, 3])
        #expect(transport.sent.map(\.key) == [keys[0], keys[0], keys[0], keys[1], keys[2]])
        let failures = events.compactMap { event -> Int? in if case .failed(let entry, _) = event { entry.attempts } else { nil } }
        #expect(failures == [1, 2])
        #expect(await queue.pending.isEmpty)
    }

    @Test(arguments: [
        (GraftError(.transport, message: "reset"), true),
        (GraftError(.timedOut, message: "slow"), true),
        (GraftError(.offline, message: "down"), true),
        (GraftError(.decoding, message: "a captive portal's page", statusCode: 200), true),
        (GraftError(.httpStatus, message: "bad gateway", statusCode: 502), true),
        (GraftError(.httpStatus, message: "too many", statusCode: 429), true),
        (GraftError(.httpStatus, message: "timeout", statusCode: 408), true),
        (GraftError(.graphQLErrors, message: "overloaded", statusCode: 503), true),
        (GraftError(.graphQLErrors, message: "bad input", statusCode: 400), false),
        (GraftError(.httpStatus, message: "forbidden", statusCode: 403), false),
        (GraftError(.graphQLErrors, message: "bad input", statusCode: 200), false),
        (GraftError(.unauthorized, message: "refresh failed"), false),
    ])
    func transientOrRejected(error: GraftError, transient: Bool) {
        #expect(OfflineMutationQueue.isTransient(error) == transient)
    }

    @Test func aRejectionIsNotRetriedAndTheNextEntryGoes() async throws {
        let transport = ScriptedTransport { n, _ in
            if n == 1 { throw GraftError(.httpStatus, message: "forbidden", statusCode: 403) }
            if n == 2 { return GraphQLResponseBody(data: nil, errors: [GraphQLResponseError(message: "no")]) }
            return Self.ok
        }
        let monitor = ManualNetworkMonitor(.offline)
        let queue = try OfflineMutationQueue(client: GraphQLClient(transport: transport), monitor: monitor)
        await queue.start()
        for n in 1...3 { try await queue.enqueue(Self.review(n)) }
        let stream = await queue.events()
        let collecting = Task { await Self.events(stream, until: { $0.contains { if case .delivered = $0 { true } else { false } } }) }
        monitor.set(.online)
        let events = await collecting.value
        let rejected = events.compactMap { event -> Int? in
            if case .rejected(let entry, _) = event { Self.number(entry.request) } else { nil }
        }
        #expect(rejected == [1, 2])
        #expect(transport.sent.map(\.n) == [1, 2, 3])
        #expect(await queue.pending.isEmpty)
        #expect(await queue.deadLetters.isEmpty)
    }
}

/// Idempotency keys: version 4 UUIDs, lower case, never repeated.
@Suite struct IdempotencyKeyTests {
    @Test func keysAreRandomVersion4UUIDs() {
        let keys = (0..<1000).map { _ in QueuedMutation.newKey() }
        #expect(Set(keys).count == 1000)
        for key in keys.prefix(50) {
            let uuid = UUID(uuidString: key)
            #expect(uuid != nil && key == key.lowercased())
            let characters = Array(key)
            #expect(characters[14] == "4")
            #expect("89ab".contains(characters[19]))
        }
    }
}
