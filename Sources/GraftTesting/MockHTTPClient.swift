import Foundation
import Graft

/// An ``HTTPClient`` for unit tests: answers with canned responses chosen by matcher, or from a
/// handler, and records every request it receives.
///
/// ```swift
/// let mock = MockHTTPClient()
/// mock.stub(.path("/v1/users"), times: 1, response: .status(503, headers: ["Retry-After": "1"]))
/// mock.stub(.path("/v1/users"), response: .json(#"[{"id":"1"}]"#))
/// let client = InterceptingHTTPClient(base: mock, interceptors: [RetryInterceptor()])
/// ```
///
/// Stubs are tried in the order they were added; one added with `times:` stops matching after that
/// many uses. A request no stub matches goes to the fallback handler, or fails with
/// ``GraftError/Code/transport``. Errors come out as ``GraftError``s, as from a real client
/// (a `URLError(.timedOut)` becomes ``GraftError/Code/timedOut``). Task cancellation during a
/// stub's delay throws ``GraftError/Code/cancelled``.
public final class MockHTTPClient: HTTPClient {
    /// Produces a response for a request.
    public typealias Handler = @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse

    /// A request as the mock received it, with its context.
    public struct RecordedRequest: Sendable {
        /// The request.
        public var request: HTTPRequest
        /// Its context.
        public var context: RequestContext
        /// The body as sent: the bytes in memory, or a streamed body read to its end (as a real
        /// client reads it, from its start for every request).
        public var sentBody: Data?
    }

    private struct Stub {
        var matcher: RequestMatcher
        var remaining: Int?
        var delay: Duration?
        var handler: Handler
    }

    private struct State {
        var stubs: [Stub] = []
        var recorded: [RecordedRequest] = []
    }

    private let state = Locked(State())
    private let fallback: Handler?

    /// Creates a mock with no stubs; unmatched requests fail.
    public init() {
        fallback = nil
    }

    /// Creates a mock that answers unmatched requests with `handler`.
    public init(handler: @escaping Handler) {
        fallback = handler
    }

    /// Answers matching requests with `response`.
    public func stub(_ matcher: RequestMatcher = .any, times: Int? = nil, delay: Duration? = nil,
                     response: HTTPResponse) {
        stub(matcher, times: times, delay: delay) { request, _ in
            var response = response
            if response.url == nil { response.url = request.url }
            return response
        }
    }

    /// Answers matching requests by throwing `error`.
    public func stub(_ matcher: RequestMatcher = .any, times: Int? = nil, delay: Duration? = nil,
                     error: any Error) {
        stub(matcher, times: times, delay: delay) { _, _ in throw error }
    }

    /// Answers matching requests with `handler`.
    public func stub(_ matcher: RequestMatcher = .any, times: Int? = nil, delay: Duration? = nil,
                     handler: @escaping Handler) {
        state.withLock { $0.stubs.append(Stub(matcher: matcher, remaining: times, delay: delay, handler: handler)) }
    }

    /// Every request received, in order.
    public var requests: [HTTPRequest] {
        state.withLock { $0.recorded.map(\.request) }
    }

    /// Every request received with its context, in order.
    public var recordedRequests: [RecordedRequest] {
        state.withLock { $0.recorded }
    }

    /// The requests `matcher` accepts, in order.
    public func requests(matching matcher: RequestMatcher) -> [HTTPRequest] {
        recordedRequests.filter { matcher.matches($0.request, context: $0.context) }.map(\.request)
    }

    /// Forgets stubs and recorded requests.
    public func reset() {
        state.withLock { $0 = State() }
    }

    /// Records the request (reading a streamed body to its end, as a real client does; a reader's
    /// error fails the request) and answers it from the first matching stub.
    public func send(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPResponse {
        let sentBody: Data?
        do {
            sentBody = try request.sentBody()
        } catch {
            throw GraftError.wrapping(error, request: request, context: context)
        }
        let stub: Stub? = state.withLock { state in
            state.recorded.append(RecordedRequest(request: request, context: context, sentBody: sentBody))
            guard let index = state.stubs.firstIndex(where: {
                $0.remaining != 0 && $0.matcher.matches(request, context: context)
            }) else { return nil }
            if let remaining = state.stubs[index].remaining { state.stubs[index].remaining = remaining - 1 }
            return state.stubs[index]
        }
        do {
            if let delay = stub?.delay { try await Task.sleep(for: delay) }
            try Task.checkCancellation()
            if let stub { return try await stub.handler(request, context) }
            if let fallback { return try await fallback(request, context) }
            throw GraftError(.transport, message: "MockHTTPClient: no stub matches \(RequestSummary(request))")
        } catch {
            throw GraftError.wrapping(error, request: request, context: context)
        }
    }
}
