import Graft

/// Sends subscriptions to one transport (a ``WebSocketTransport``) and queries and mutations to
/// another (usually `HTTPTransport`), so an app keeps one `GraphQLClient`.
public struct SplitTransport: GraphQLTransport {
    /// Queries and mutations go here.
    public let http: any GraphQLTransport
    /// Subscriptions go here.
    public let webSocket: any GraphQLTransport

    /// Creates a split transport.
    public init(http: any GraphQLTransport, webSocket: any GraphQLTransport) {
        self.http = http
        self.webSocket = webSocket
    }

    public func execute(_ request: GraphQLRequest, options: RequestOptions) async throws -> GraphQLResponseBody {
        try await (request.operationKind == .subscription ? webSocket : http).execute(request, options: options)
    }

    public func executeIncrementally(_ request: GraphQLRequest, options: RequestOptions) -> AsyncThrowingStream<GraphQLResponseBody, any Error> {
        (request.operationKind == .subscription ? webSocket : http).executeIncrementally(request, options: options)
    }

    public func subscribe(_ request: GraphQLRequest, options: RequestOptions) -> AsyncThrowingStream<GraphQLResponseBody, any Error> {
        (request.operationKind == .subscription ? webSocket : http).subscribe(request, options: options)
    }
}
