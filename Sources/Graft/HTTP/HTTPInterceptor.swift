/// The rest of an interceptor chain: call it to pass a (possibly changed) request on.
public typealias HTTPNext = @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse

/// The rest of an interceptor chain for a streamed response (``HTTPClient/stream(_:context:)``).
public typealias HTTPStreamNext = @Sendable (HTTPRequest, RequestContext) async throws -> HTTPStreamingResponse

/// One step in an ``InterceptingHTTPClient``'s chain.
///
/// An interceptor may change the request or context before calling `next`, call `next` several
/// times (retry), not at all (fail fast, answer from elsewhere), or change the response.
/// Errors it throws should be ``GraftError``s; the client wraps anything else.
///
/// Streamed responses go through ``interceptStream(_:context:next:)``, whose default runs
/// ``intercept(_:context:next:)`` on the response head, so an interceptor that changes requests,
/// retries or refreshes credentials works for streams unchanged (see there).
public protocol HTTPInterceptor: Sendable {
    /// Handles `request`, usually by calling `next` once.
    func intercept(_ request: HTTPRequest, context: RequestContext, next: @escaping HTTPNext) async throws -> HTTPResponse

    /// Handles a request whose response body is streamed, usually by calling `next` once.
    func interceptStream(_ request: HTTPRequest, context: RequestContext,
                         next: @escaping HTTPStreamNext) async throws -> HTTPStreamingResponse
}

extension HTTPInterceptor {
    /// Runs ``intercept(_:context:next:)`` with a `next` that returns the head of the streamed
    /// response: status and headers, with an empty body for a 2xx (which keeps streaming) and the
    /// whole body for any other status (error bodies are small, and a token refresh or a retry
    /// decides on them). The response `intercept` settles on is streamed on; a response it replaced
    /// (one with another status, or one it made without calling `next`) is streamed as it is.
    /// Responses it called `next` for and then dropped (a retried 503) are closed.
    ///
    /// So retries happen only before the first byte of a successful body: once a 2xx head is
    /// returned, the stream belongs to the caller.
    public func interceptStream(_ request: HTTPRequest, context: RequestContext,
                                next: @escaping HTTPStreamNext) async throws -> HTTPStreamingResponse {
        let latest = Locked<HTTPStreamingResponse?>(nil)
        let response: HTTPResponse
        do {
            response = try await intercept(request, context: context) { request, context in
                let (head, rest) = try await next(request, context).head()
                latest.withLock { current in
                    current?.body.cancel()
                    current = rest
                }
                return head
            }
        } catch {
            latest.withLock { $0?.body.cancel() }
            throw error
        }
        guard let streamed = latest.withLock({ $0 }), streamed.statusCode == response.statusCode else {
            latest.withLock { $0?.body.cancel() }
            return HTTPStreamingResponse(response)
        }
        return streamed
    }
}
