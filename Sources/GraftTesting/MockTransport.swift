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
/// Answers queued for an operation's type (`respond(to: HeroNameQuery.self, with: ...)`) answer
/// only requests with that operation's document, before answers queued for its name. Two feature
/// modules may each generate an operation of one name; their tests tell them apart that way.
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

    /// Whom an answer is for: every request for an operation name, or (with a document) only the
    /// requests of one generated operation.
    fileprivate struct Recipient: Hashable {
        var operationName: String
        var document: OperationDocument?
    }

    private struct State {
        var answers: [Recipient: [Answer]] = [:]
        var subscriptionEvents: [Recipient: [GraphQLResponseBody]] = [:]
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
        queue(.handler(handler), for: Recipient(operationName: operationName))
    }

    /// Queues `json` as the answer to one request for `operation` (by its document, so not for
    /// another module's operation of the same name).
    public func respond<Operation: GraphQLOperation>(to operation: Operation.Type, with json: JSONValue) {
        let body = GraphQLResponseBody(json: json) ?? GraphQLResponseBody(data: nil)
        respond(to: operation) { _ in body }
    }

    /// Queues a handler as the answer to one request for `operation` (by its document).
    public func respond<Operation: GraphQLOperation>(to operation: Operation.Type, handler: @escaping Handler) {
        queue(.handler(handler), for: Recipient(operation))
    }

    /// Answers every request that has no queued answer left.
    public func respondToOthers(handler: @escaping Handler) {
        state.withLock { $0.fallback = handler }
    }

    /// The events a subscription to `operationName` delivers before completing.
    public func emit(_ events: [JSONValue], for operationName: String) {
        emit(events, to: Recipient(operationName: operationName))
    }

    /// The events a subscription to `operation` (by its document) delivers before completing.
    public func emit<Operation: GraphQLOperation>(_ events: [JSONValue], for operation: Operation.Type) {
        emit(events, to: Recipient(operation))
    }

    private func emit(_ events: [JSONValue], to recipient: Recipient) {
        state.withLock { $0.subscriptionEvents[recipient] = events.compactMap(GraphQLResponseBody.init(json:)) }
    }

    /// Queues the answer to one request for `operationName` as a server answers `@defer`/`@stream`:
    /// `payloads` in either wire format (``IncrementalResponse``). `GraphQLClient.fetchIncrementally`
    /// then gets the response after each payload (deferred fragments pending until theirs), `fetch`
    /// the complete one. A malformed payload fails the request with its ``GraftError``.
    public func respondIncrementally(to operationName: String, with payloads: [JSONValue]) {
        queue(.incremental(payloads), for: Recipient(operationName: operationName))
    }

    /// Queues `@defer`/`@stream` payloads as the answer to one request for `operation` (by its document).
    public func respondIncrementally<Operation: GraphQLOperation>(to operation: Operation.Type, with payloads: [JSONValue]) {
        queue(.incremental(payloads), for: Recipient(operation))
    }

    private func queue(_ answer: Answer, for recipient: Recipient) {
        state.withLock { $0.answers[recipient, default: []].append(answer) }
    }

    /// Records `request` and takes its answer: the next one queued for its operation's document,
    /// else for its name (the last one stays with ``repeatsLastAnswer``), else the fallback, else an
    /// error naming the operation.
    private func answer(_ request: GraphQLRequest) throws -> Answer {
        let answer: Answer? = state.withLock { state in
            state.requests.append(request)
            for recipient in Recipient.candidates(for: request) {
                guard var queue = state.answers[recipient], !queue.isEmpty else { continue }
                let next = queue.count == 1 && repeatsLastAnswer ? queue[0] : queue.removeFirst()
                state.answers[recipient] = queue
                return next
            }
            return state.fallback.map(Answer.handler)
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
            for recipient in Recipient.candidates(for: request) {
                if let events = state.subscriptionEvents[recipient] { return events }
            }
            return []
        }
        return AsyncThrowingStream { continuation in
            for event in events { continuation.yield(event) }
            continuation.finish()
        }
    }
}

extension MockTransport.Recipient {
    init<Operation: GraphQLOperation>(_ operation: Operation.Type) {
        self.init(operationName: Operation.operationName, document: Operation.document)
    }

    /// Whom answers for `request` were queued for, the more specific first.
    static func candidates(for request: GraphQLRequest) -> [Self] {
        [Self(operationName: request.operationName, document: request.document), Self(operationName: request.operationName)]
    }
}
