/// Sends HTTP requests: the one networking seam under GraphQL and REST.
///
/// Implementations return a response for every HTTP status (a 500 is a response, not an error) and
/// throw ``GraftError`` for everything else: transport failures, timeouts, cancellation.
/// Cancelling the calling task cancels the request.
public protocol HTTPClient: Sendable {
    /// Sends `request` and returns the complete response.
    func send(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPResponse

    /// Sends `request` and returns as soon as the response head arrives; the body streams in
    /// ``HTTPStreamingResponse/body`` as the bytes arrive. Cancelling the calling task before the
    /// head arrives, or the body afterwards, closes the connection.
    ///
    /// The default sends with ``send(_:context:)`` and streams the complete body as one chunk, so
    /// a client without streaming (a mock, a custom client) still works, only later.
    func stream(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPStreamingResponse
}

extension HTTPClient {
    /// Sends `request` with a default ``RequestContext``.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await send(request, context: RequestContext())
    }

    public func stream(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPStreamingResponse {
        HTTPStreamingResponse(try await send(request, context: context))
    }
}
