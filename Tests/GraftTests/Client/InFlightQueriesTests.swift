import Foundation
@testable import Graft
import StarWarsAPI
import Testing

/// Identical queries in flight share one request (``InFlightQueries``), with the StarWars golden
/// operations over a transport that holds every request until the test releases it.
@Suite(.timeLimit(.minutes(5))) struct InFlightQueriesTests {
    static let hero: JSONValue = ["data": ["hero": ["__typename": "Droid", "name": "R2-D2"]]]

    @Test func twentyConcurrentFetchesOfOneQuerySendOneRequest() async throws {
        let transport = HeldTransport()
        let client = GraphQLClient(transport: transport)
        let fetches = (0..<20).map { _ in Task { try await client.fetch(StarWarsAPI.HeroNameQuery(episode: .some(.value(.empire)))) } }
        try await waitUntil { client.inFlight.callerCount == 20 && transport.heldCount == 1 }
        #expect(transport.requestCount == 1)
        transport.release(with: Self.hero)
        for fetch in fetches { #expect(try await fetch.value.data?.hero?.name == "R2-D2") }
        #expect(transport.requestCount == 1)
        #expect(client.inFlight.count == 0)

        // Once answered, the same query goes to the server again.
        let again = Task { try await client.fetch(StarWarsAPI.HeroNameQuery(episode: .some(.value(.empire)))) }
        try await waitUntil { transport.heldCount == 1 }
        #expect(transport.requestCount == 2)
        transport.release(with: Self.hero)
        #expect(try await again.value.data?.hero?.name == "R2-D2")
    }

    @Test func cancellingAllButOneCallerLeavesTheRequestRunningForTheLastOne() async throws {
        let transport = HeldTransport()
        let client = GraphQLClient(transport: transport)
        let fetches = (0..<20).map { _ in Task { try await client.fetch(StarWarsAPI.HeroNameQuery()) } }
        try await waitUntil { client.inFlight.callerCount == 20 && transport.heldCount == 1 }
        for fetch in fetches.dropLast() { fetch.cancel() }
        for fetch in fetches.dropLast() {
            let error = await #expect(throws: GraftError.self) { try await fetch.value }
            #expect(error?.code == .cancelled)
        }
        #expect(client.inFlight.callerCount == 1)
        #expect(transport.cancelledCount == 0)
        transport.release(with: Self.hero)
        #expect(try await fetches.last!.value.data?.hero?.name == "R2-D2")
        #expect(transport.requestCount == 1)
        #expect(transport.cancelledCount == 0)
    }

    @Test func cancellingEveryCallerCancelsTheRequest() async throws {
        let transport = HeldTransport()
        let client = GraphQLClient(transport: transport)
        let fetches = (0..<3).map { _ in Task { try await client.fetch(StarWarsAPI.HeroNameQuery()) } }
        try await waitUntil { client.inFlight.callerCount == 3 }
        for fetch in fetches { fetch.cancel() }
        try await waitUntil { transport.cancelledCount == 1 }
        for fetch in fetches { _ = await #expect(throws: GraftError.self) { try await fetch.value } }
        #expect(client.inFlight.count == 0)
    }

    @Test func anErrorReachesEveryCaller() async throws {
        let transport = HeldTransport()
        let client = GraphQLClient(transport: transport)
        let fetches = (0..<5).map { _ in Task { try await client.fetch(StarWarsAPI.HeroNameQuery()) } }
        try await waitUntil { client.inFlight.callerCount == 5 && transport.heldCount == 1 }
        transport.release(throwing: GraftError(.transport, message: "connection reset"))
        for fetch in fetches {
            let error = await #expect(throws: GraftError.self) { try await fetch.value }
            #expect(error?.code == .transport)
            #expect(error?.operation == "HeroName")
        }
        #expect(transport.requestCount == 1)
    }

    @Test func mutationsAreNeverShared() async throws {
        let transport = HeldTransport()
        let client = GraphQLClient(transport: transport)
        let review = StarWarsAPI.ReviewInput(stars: 5)
        let mutations = (0..<2).map { _ in
            Task { try await client.perform(StarWarsAPI.CreateReviewForEpisodeMutation(episode: .value(.jedi), review: review)) }
        }
        try await waitUntil { transport.heldCount == 2 }
        transport.release(with: ["data": ["createReview": ["__typename": "Review", "stars": 5, "commentary": nil]]])
        for mutation in mutations { #expect(try await mutation.value.data?.createReview?.stars == 5) }
        #expect(transport.requestCount == 2)
    }

    @Test func differentVariablesHeadersOrTheOptionOffSendTheirOwnRequests() async throws {
        let transport = HeldTransport()
        let client = GraphQLClient(transport: transport)
        let fetches = [
            Task { try await client.fetch(StarWarsAPI.HeroNameQuery(episode: .some(.value(.jedi)))) },
            Task { try await client.fetch(StarWarsAPI.HeroNameQuery(episode: .some(.value(.empire)))) },
            Task { try await client.fetch(StarWarsAPI.HeroNameQuery(episode: .some(.value(.empire))),
                                          options: RequestOptions(headers: ["X-Locale": "fr"])) },
            Task { try await client.fetch(StarWarsAPI.HeroNameQuery(episode: .some(.value(.empire))),
                                          options: RequestOptions(deduplicates: false)) },
        ]
        try await waitUntil { transport.heldCount == 4 }
        transport.release(with: Self.hero)
        for fetch in fetches { #expect(try await fetch.value.data?.hero?.name == "R2-D2") }
    }

    /// Waits (without a deadline of its own: the test's time limit bounds a hang) until `condition` holds.
    private func waitUntil(_ condition: @Sendable () -> Bool) async throws {
        while !condition() {
            try await Task.sleep(for: .milliseconds(1))
        }
    }
}

/// A transport that holds each request until the test releases it, counting requests and the
/// ones cancelled while held.
private final class HeldTransport: GraphQLTransport {
    private struct State {
        var requests = 0
        var cancelled = 0
        var held: [UUID: CheckedContinuation<GraphQLResponseBody, any Error>] = [:]
        var cancelledBeforeHeld: Set<UUID> = []
    }
    private let state = Locked(State())

    var requestCount: Int { state.withLock { $0.requests } }
    var cancelledCount: Int { state.withLock { $0.cancelled } }
    var heldCount: Int { state.withLock { $0.held.count } }

    func execute(_ request: GraphQLRequest, options: RequestOptions) async throws -> GraphQLResponseBody {
        let id = UUID()
        state.withLock { $0.requests += 1 }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let cancelled = state.withLock { state in
                    if state.cancelledBeforeHeld.remove(id) != nil { return true }
                    state.held[id] = continuation
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let continuation = state.withLock { state in
                state.cancelled += 1
                guard let continuation = state.held.removeValue(forKey: id) else {
                    state.cancelledBeforeHeld.insert(id)
                    return nil as CheckedContinuation<GraphQLResponseBody, any Error>?
                }
                return continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Answers every held request with `json`.
    func release(with json: JSONValue) {
        let body = GraphQLResponseBody(json: json)!
        for continuation in takeHeld() { continuation.resume(returning: body) }
    }

    /// Fails every held request with `error`.
    func release(throwing error: any Error) {
        for continuation in takeHeld() { continuation.resume(throwing: error) }
    }

    private func takeHeld() -> [CheckedContinuation<GraphQLResponseBody, any Error>] {
        state.withLock { state in
            defer { state.held = [:] }
            return Array(state.held.values)
        }
    }
}
