import Foundation
import Graft

/// A `GraphQLTransport` for unit tests of code that uses `GraphQLClient`: answers operations with
/// canned response bodies (by operation name, or from a handler) and records every request.
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

    private struct State {
        var responses: [String: [Handler]] = [:]
        var subscriptionEvents: [String: [GraphQLResponseBody]] = [:]
        var incremental: [String: [JSONValue]] = [:]
        var fallback: Handler?
        var requests: [GraphQLRequest] = []
    }

    private let state = Locked(State())

    /// Creates a transport with no canned responses.
    public init() {}

    /// Every request received, in order.
    public var requests: [GraphQLRequest] { state.withLock { $0.requests } }

    /// Answers the next request for `operationName` with `json` (a `{"data": ..., "errors": [...]}` object).
    /// Responses queued for one operation are used in order; the last one repeats.
    public func respond(to operationName: String, with json: JSONValue) {
        let body = GraphQLResponseBody(json: json) ?? GraphQLResponseBody(data: nil)
        respond(to: operationName) { _ in body }
    }

    /// Answers requests for `operationName` with a handler (which may throw, e.g. a `GraftError`).
    public func respond(to operationName: String, handler: @escaping Handler) {
        state.withLock { $0.responses[operationName, default: []].append(handler) }
    }

    /// Answers every request that has no canned response.
    public func respondToOthers(handler: @escaping Handler) {
        state.withLock { $0.fallback = handler }
    }

    /// The events a subscription to `operationName` delivers before completing.
    public func emit(_ events: [JSONValue], for operationName: String) {
        state.withLock { $0.subscriptionEvents[operationName] = events.compactMap(GraphQLResponseBody.init(json:)) }
    }

    /// Answers requests for `operationName` as a server answers `@defer`/`@stream`: `payloads` in
    /// either wire format (``IncrementalResponse``). `GraphQLClient.fetchIncrementally` then gets
    /// the response after each payload (deferred fragments pending until theirs), `fetch` the
    /// complete one. A malformed payload fails the request with its ``GraftError``.
    public func respondIncrementally(to operationName: String, with payloads: [JSONValue]) {
        state.withLock { $0.incremental[operationName] = payloads }
        respond(to: operationName) { _ in
            var response = IncrementalResponse()
            for payload in payloads { try response.apply(payload) }
            return response.body
        }
    }

    public func executeIncrementally(_ request: GraphQLRequest, options: RequestOptions) -> AsyncThrowingStream<GraphQLResponseBody, any Error> {
        guard let payloads = state.withLock({ $0.incremental[request.operationName] }) else {
            return .single { try await self.execute(request, options: options) }
        }
        state.withLock { $0.requests.append(request) }
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
        let handler: Handler? = state.withLock { state in
            state.requests.append(request)
            guard var queue = state.responses[request.operationName], !queue.isEmpty else { return state.fallback }
            let next = queue.count > 1 ? queue.removeFirst() : queue[0]
            state.responses[request.operationName] = queue
            return next
        }
        guard let handler else {
            throw GraftError(.transport, message: "MockTransport has no response for \(request.operationName)",
                             operation: request.operationName)
        }
        return try await handler(request)
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
