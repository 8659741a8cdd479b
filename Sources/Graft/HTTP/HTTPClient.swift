/// Sends HTTP requests: the one networking seam under GraphQL and REST.
///
/// Implementations return a response for every HTTP status (a 500 is a response, not an error) and
/// throw ``GraftError`` for everything else: transport failures, timeouts, cancellation.
/// Cancelling the calling task cancels the request.
public protocol HTTPClient: Sendable {
    /// Sends `request` and returns the complete response.
    func send(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPResponse
}

extension HTTPClient {
    /// Sends `request` with a default ``RequestContext``.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await send(request, context: RequestContext())
    }
}
