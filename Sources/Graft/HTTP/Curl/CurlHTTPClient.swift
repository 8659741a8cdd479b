#if canImport(CCurl)
internal import CCurl
import Foundation

/// An ``HTTPClient`` on the system libcurl (the one FoundationNetworking loads), for what
/// URLSession cannot do on Linux: certificate pinning (``TLSOptions/pinning``, enforced in the TLS
/// handshake through `CURLOPT_PINNEDPUBLICKEY`, so a mismatch fails with
/// ``GraftError/Code/pinningFailed`` before any byte of the request is sent) and private CA files.
///
/// It behaves as `URLSessionHTTPClient` does: a response for every status, ``GraftError`` for the
/// rest; any method, headers, a body; redirects per ``RedirectPolicy`` (each hop checked against
/// its own host's pins); a deadline for the whole exchange (the context's
/// ``RequestContext/attemptTimeout``, else ``RequestContext/timeout``, else ``defaultTimeout``,
/// ending in ``GraftError/Code/timedOut``); cancelling the calling task stops the transfer
/// (``GraftError/Code/cancelled``); ``stream(_:context:)`` hands out bytes as they arrive; a body
/// cut short says how much arrived; a whole response's body stops at ``responseBodyLimit``. Transfers run on one thread of the client's own (see
/// `CurlTransferLoop`), whose connection cache keeps connections alive between requests.
public final class CurlHTTPClient: HTTPClient {
    /// Trust and pinning.
    public let tls: TLSOptions
    /// Which redirects are followed.
    public let redirects: RedirectPolicy
    /// The timeout for a request whose context has none; nil for no deadline of our own.
    public let defaultTimeout: Duration?
    /// Decides what request summaries in errors leave out.
    public let redactor: Redactor
    /// The most bytes of body ``send(_:context:)`` reads into memory (64 MiB by default): past it,
    /// the transfer stops and the request fails with ``GraftError/Code/transport``, so a server
    /// cannot exhaust the app's memory. ``stream(_:context:)`` reads bodies of any size.
    public let responseBodyLimit: Int
    private let loop: CurlTransferLoop?

    /// Creates a client with its own transfer thread and connection cache.
    public init(tls: TLSOptions = TLSOptions(), redirects: RedirectPolicy = .follow, defaultTimeout: Duration? = .seconds(60),
                redactor: Redactor = .default, responseBodyLimit: Int = 64 << 20) {
        self.tls = tls
        self.redirects = redirects
        self.defaultTimeout = defaultTimeout
        self.redactor = redactor
        self.responseBodyLimit = max(0, responseBodyLimit)
        loop = CurlTransferLoop()
    }

    deinit {
        loop?.shutdown()
    }

    public func send(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPResponse {
        let timeout = context.attemptTimeout ?? context.timeout ?? defaultTimeout
        return try await performAttempt(request, context: context, timeout: timeout, redactor: redactor) { [self] in
            var current = request
            for hops in 0... {
                let transfer = try CurlTransfer(current, tls: tls, bodyLimit: responseBodyLimit)
                let (head, body) = try await transfer.perform(on: try runningLoop())
                guard let next = try redirects.next(after: current, statusCode: head.statusCode, headers: head.headers, hops: hops, redactor: redactor) else {
                    return HTTPResponse(statusCode: head.statusCode, headers: head.headers, body: body, url: current.url)
                }
                current = next
            }
            fatalError("unreachable")
        }
    }

    /// Sends `request` and returns when the final response head arrives (after redirects), the
    /// body streaming as libcurl receives it. The timeout bounds the wait for the head, then each
    /// gap between chunks.
    public func stream(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPStreamingResponse {
        let timeout = context.attemptTimeout ?? context.timeout ?? defaultTimeout
        let (head, body, url) = try await performAttempt(request, context: context, timeout: timeout, redactor: redactor) { [self] in
            var current = request
            for hops in 0... {
                let (head, body) = try await CurlTransfer(current, tls: tls).stream(on: try runningLoop())
                guard let next = try redirects.next(after: current, statusCode: head.statusCode, headers: head.headers, hops: hops, redactor: redactor) else {
                    return (head, body, current.url)
                }
                // A redirect's body is small: read it so the connection can be reused.
                _ = try? await body.collect(upTo: 64 << 10)
                current = next
            }
            fatalError("unreachable")
        }
        return HTTPStreamingResponse(statusCode: head.statusCode, headers: head.headers, url: url,
                                     body: body.clientBody(for: request, context: context, timeout: timeout, redactor: redactor))
    }

    private func runningLoop() throws -> CurlTransferLoop {
        guard let loop else { throw GraftError(.transport, message: "libcurl could not be initialised") }
        return loop
    }
}
#endif
