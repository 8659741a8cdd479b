/// The seam under `GraphQLClient`: HTTP, WebSocket and mock transports implement it.
public protocol GraphQLTransport: Sendable {
    /// Sends a query or mutation and returns the parsed response body.
    func execute(_ request: GraphQLRequest, options: RequestOptions) async throws -> GraphQLResponseBody

    /// Sends a query or mutation whose response may arrive in parts (`@defer`, `@stream`): each
    /// element is the whole response so far (``IncrementalResponse``), the last one complete.
    /// The default gives the one response of ``execute(_:options:)``.
    func executeIncrementally(_ request: GraphQLRequest, options: RequestOptions) -> AsyncThrowingStream<GraphQLResponseBody, any Error>

    /// Starts a subscription: a stream of response bodies until the server completes it.
    func subscribe(_ request: GraphQLRequest, options: RequestOptions) -> AsyncThrowingStream<GraphQLResponseBody, any Error>

    /// The request this transport sends for `request`, described without secrets, for errors
    /// raised above the transport (decoding, thrown GraphQL errors, cache misses); nil when it
    /// cannot say.
    func requestSummary(for request: GraphQLRequest, options: RequestOptions) -> RequestSummary?
}

extension GraphQLTransport {
    public func requestSummary(for request: GraphQLRequest, options: RequestOptions) -> RequestSummary? { nil }
}

extension GraphQLTransport {
    public func executeIncrementally(_ request: GraphQLRequest, options: RequestOptions) -> AsyncThrowingStream<GraphQLResponseBody, any Error> {
        .single { try await execute(request, options: options) }
    }

    /// Transports without subscription support fail the stream at once.
    public func subscribe(_ request: GraphQLRequest, options: RequestOptions) -> AsyncThrowingStream<GraphQLResponseBody, any Error> {
        AsyncThrowingStream { continuation in
            continuation.finish(throwing: GraftError(.transport, message: "this transport does not support subscriptions",
                                                     operation: request.operationName))
        }
    }
}

extension AsyncThrowingStream where Element == GraphQLResponseBody, Failure == any Error {
    /// A stream of the one body `produce` returns (or its error), produced when the stream is
    /// made; ending the iteration cancels it.
    package static func single(_ produce: @escaping @Sendable () async throws -> GraphQLResponseBody) -> Self {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    continuation.yield(try await produce())
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
