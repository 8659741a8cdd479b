import Foundation
import Graft

/// A `GraphQLTransport` for unit tests of code that uses `GraphQLClient`: answers operations with
/// canned response bodies (by operation name, or from a handler) and records every request.
///
/// Each queued answer answers one request, in the order queued, as an expectation of Apollo iOS's
/// `MockGraphQLServer` expects one request: a request for an operation with no answer left fails with a
/// ``GraftError`` naming it (unless ``respondToOthers(handler:)`` answers it), so a test that
/// forgot to queue one does not silently get a stale answer. `MockTransport(repeatsLastAnswer: true)`
/// keeps each operation's last answer answering instead.
///
/// ```swift
/// let transport = MockTransport()
/// transport.respond(to: "HeroName", with: ["data": ["hero": ["__typename": "Droid", "name": "R2-D2"]]])
/// let client = GraphQLClient(transport: transport)
/// let hero = try await client.fetch(HeroNameQuery()).data?.hero
/// #expect(transport.requests.first?.variables == [:])
/// ```
public final class MockTransport: GraphQLTransport {
    /// Produces a response body for a request.
    public typealias Handler = @Sendable (GraphQLRequest) async throws -> GraphQLResponseBody

    /// One queued answer.
    private enum Answer {
        case handler(Handler)
        /// `@defer`/`@stream` payloads, merged for `execute`, one by one for `executeIncrementally`.
        case incremental([JSONValue])
    }

    private struct State {
        var answers: [String: [Answer]] = [:]
        var subscriptionEvents: [String: [GraphQLResponseBody]] = [:]
        var fallback: Handler?
        var requests: [GraphQLRequest] = []
    }

    private let state = Locked(State())

    /// Whether each operation's last queued answer keeps answering once the others are used.
    public let repeatsLastAnswer: Bool

    /// Creates a transport with no canned responses; with `repeatsLastAnswer`, each operation's last
    /// answer answers every request after the others are used.
    public init(repeatsLastAnswer: Bool = false) {
        self.repeatsLastAnswer = repeatsLastAnswer
    }

    /// Every request received, in order.
    public var requests: [GraphQLRequest] { state.withLock { $0.requests } }

    /// Queues `json` (a `{"data": ..., "errors": [...]}` object) as the answer to one request for
    /// `operationName`.
    public func respond(to operationName: String, with json: JSONValue) {
        let body = GraphQLResponseBody(json: json) ?? GraphQLResponseBody(data: nil)
        respond(to: operationName) { _ in body }
    }

    /// Queues a handler (which may throw, e.g. a `GraftError`) as the answer to one request for `operationName`.
    public func respond(to operationName: String, handler: @escaping Handler) {
        state.withLock { $0.answers[operationName, default: []].append(.handler(handler)) }
    }

    /// Answers every request that has no queued answer left.
    public func respondToOthers(handler: @escaping Handler) {
        state.withLock { $0.fallback = handler }
    }

    /// The events a subscription to `operationName` delivers before completing.
    public func emit(_ events: [JSONValue], for operationName: String) {
        state.withLock { $0.subscriptionEvents[operationName] = events.compactMap(GraphQLResponseBody.init(json:)) }
    }

    /// Queues the answer to one request for `operationName` as a server answers `@defer`/`@stream`:
    /// `payloads` in either wire format (``IncrementalResponse``). `GraphQLClient.fetchIncrementally`
    /// then gets the response after each payload (deferred fragments pending until theirs), `fetch`
    /// the complete one. A malformed payload fails the request with its ``GraftError``.
    public func respondIncrementally(to operationName: String, with payloads: [JSONValue]) {
        state.withLock { $0.answers[operationName, default: []].append(.incremental(payloads)) }
    }

    /// Records `request` and takes its answer: the next queued one (the last one stays with
    /// ``repeatsLastAnswer``), else the fallback, else an error naming the operation.
    private func answer(_ request: GraphQLRequest) throws -> Answer {
        let answer: Answer? = state.withLock { state in
            state.requests.append(request)
            guard var queue = state.answers[request.operationName], !queue.isEmpty else { return state.fallback.map(Answer.handler) }
            let next = queue.count == 1 && repeatsLastAnswer ? queue[0] : queue.removeFirst()
            state.answers[request.operationName] = queue
            return next
        }
        guard let answer else {
            let count = requests.count(where: { $0.operationName == request.operationName })
            throw GraftError(.transport, message: "MockTransport has no answer left for \(request.operationName) (request \(count) for it): "
                             + "queue one with respond(to:with:), answer the rest with respondToOthers, or use MockTransport(repeatsLastAnswer: true)",
                             operation: request.operationName)
        }
        return answer
    }

    public func executeIncrementally(_ request: GraphQLRequest, options: RequestOptions) -> AsyncThrowingStream<GraphQLResponseBody, any Error> {
        let payloads: [JSONValue]
        do {
            switch try answer(request) {
            case .handler(let handler): return .single { try await handler(request) }
            case .incremental(let queued): payloads = queued
            }
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
        return AsyncThrowingStream { continuation in
            var response = IncrementalResponse()
            do {
                for payload in payloads {
                    try response.apply(payload)
                    continuation.yield(response.body)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
    }

    public func execute(_ request: GraphQLRequest, options: RequestOptions) async throws -> GraphQLResponseBody {
        switch try answer(request) {
        case .handler(let handler):
            return try await handler(request)
        case .incremental(let payloads):
            var response = IncrementalResponse()
            for payload in payloads { try response.apply(payload) }
            return response.body
        }
    }

    public func subscribe(_ request: GraphQLRequest, options: RequestOptions) -> AsyncThrowingStream<GraphQLResponseBody, any Error> {
        let events = state.withLock { state -> [GraphQLResponseBody] in
            state.requests.append(request)
            return state.subscriptionEvents[request.operationName] ?? []
        }
        return AsyncThrowingStream { continuation in
            for event in events { continuation.yield(event) }
            continuation.finish()
        }
    }
}
