import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An ``HTTPClient`` backed by `URLSession` (FoundationNetworking on Linux).
///
/// It returns a response for every HTTP status and throws ``GraftError`` otherwise. Each request has
/// a deadline for the whole exchange: the context's ``RequestContext/attemptTimeout``, else its
/// ``RequestContext/timeout``, else the client's ``defaultTimeout``; when it passes, the URLSession task is cancelled and the error is
/// ``GraftError/Code/timedOut``. Cancelling the calling task cancels the URLSession task and
/// throws ``GraftError/Code/cancelled``. A body cut short says how much of it arrived, and a whole
/// response's body stops at ``responseBodyLimit`` (on a session the client made itself; an injected
/// session reports what `URLSession` reports, and its body is checked against the limit only once
/// it has arrived).
public final class URLSessionHTTPClient: HTTPClient {
    /// The session requests run on.
    public let session: URLSession
    /// The delegate of a session the client made itself; nil for an injected session.
    private let collector: DataTaskCollector?
    /// The timeout for a request whose context has none; `nil` for no deadline of our own.
    public let defaultTimeout: Duration?
    /// Decides what request summaries in errors leave out.
    public let redactor: Redactor
    /// The most bytes of body ``send(_:context:)`` reads into memory (64 MiB by default): past it,
    /// the task is cancelled and the request fails with ``GraftError/Code/transport``, so a server
    /// cannot exhaust the app's memory. ``stream(_:context:)`` reads bodies of any size.
    ///
    /// On Linux, FoundationNetworking hands the bytes to the session's delegate through a queue
    /// that does not slow the connection down: the body is dropped once past the limit, but the
    /// bytes queued before the cancel lands stay in memory until the delegate has seen them, as
    /// many as the server sends while the delegate lags (up to 612 MB past a 1 MiB limit in one
    /// test, with both cores busy). ``CurlHTTPClient``, Linux's client, stops at the limit.
    public let responseBodyLimit: Int
    /// Whether a streamed body goes through a temporary file (``URLSessionBody``): on Apple
    /// platforms always; tests set it on Linux to run that path too.
    let spoolsStreamedBodies: Bool

    /// Creates a client on a session of its own with `configuration` (by default ephemeral: no
    /// cookie or URL cache on disk).
    public convenience init(configuration: URLSessionConfiguration = .ephemeral, defaultTimeout: Duration? = .seconds(60),
                            redactor: Redactor = .default, responseBodyLimit: Int = 64 << 20) {
        self.init(configuration: configuration, collector: DataTaskCollector(), defaultTimeout: defaultTimeout, redactor: redactor,
                  spoolsStreamedBodies: URLSessionBody.spoolsByDefault, responseBodyLimit: responseBodyLimit)
    }

    /// A client on an ephemeral session of its own that spools streamed bodies as asked (for tests).
    convenience init(spoolsStreamedBodies: Bool) {
        self.init(configuration: .ephemeral, collector: DataTaskCollector(), defaultTimeout: .seconds(60), redactor: .default,
                  spoolsStreamedBodies: spoolsStreamedBodies)
    }

    #if canImport(Security)
    /// Creates a client whose own session checks servers as `tls` says (a CA file, pins per host)
    /// in its trust challenge. Apple platforms only: URLSession on Linux never asks its delegate
    /// about trust, so there ``CurlHTTPClient`` does this (``PlatformHTTPClient`` picks for you).
    public convenience init(tls: TLSOptions, configuration: URLSessionConfiguration = .ephemeral,
                            defaultTimeout: Duration? = .seconds(60), redactor: Redactor = .default, responseBodyLimit: Int = 64 << 20) {
        self.init(configuration: configuration, collector: DataTaskCollector(tls: tls), defaultTimeout: defaultTimeout, redactor: redactor,
                  spoolsStreamedBodies: URLSessionBody.spoolsByDefault, responseBodyLimit: responseBodyLimit)
    }
    #endif

    private init(configuration: URLSessionConfiguration, collector: DataTaskCollector, defaultTimeout: Duration?, redactor: Redactor,
                 spoolsStreamedBodies: Bool, responseBodyLimit: Int = 64 << 20) {
        self.collector = collector
        self.session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        self.defaultTimeout = defaultTimeout
        self.redactor = redactor
        self.spoolsStreamedBodies = spoolsStreamedBodies
        self.responseBodyLimit = max(0, responseBodyLimit)
    }

    /// Creates a client on `session`, which the caller owns.
    public init(session: URLSession, defaultTimeout: Duration? = .seconds(60), redactor: Redactor = .default,
                responseBodyLimit: Int = 64 << 20) {
        self.collector = nil
        self.session = session
        self.defaultTimeout = defaultTimeout
        self.redactor = redactor
        self.spoolsStreamedBodies = URLSessionBody.spoolsByDefault
        self.responseBodyLimit = max(0, responseBodyLimit)
    }

    deinit {
        // A session keeps its delegate until invalidated; the client's own session ends with it.
        if collector != nil { session.finishTasksAndInvalidate() }
    }

    /// Sends `request` and returns the complete response.
    public func send(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPResponse {
        let timeout = context.attemptTimeout ?? context.timeout ?? defaultTimeout
        let session = self.session
        let collector = self.collector
        let limit = responseBodyLimit
        return try await withBody(of: request, context: context, timeout: timeout) { body in
            try await Self.perform(body, on: session, collector: collector, bodyLimit: limit)
        }
    }

    /// Sends `request` and returns when the response head arrives, the body streaming as the bytes
    /// arrive (through the session's data delegate). The timeout (as for ``send(_:context:)``)
    /// bounds the wait for the head and then each gap between chunks. On an injected session the
    /// body is read whole first and streamed as one chunk.
    public func stream(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPStreamingResponse {
        guard let collector else {
            return HTTPStreamingResponse(try await send(request, context: context))
        }
        let timeout = context.attemptTimeout ?? context.timeout ?? defaultTimeout
        let session = self.session
        // The request body has been sent by the time the head arrives (URLSession sends it first).
        let (http, body) = try await withBody(of: request, context: context, timeout: timeout) { body in
            try await collector.stream(body, on: session)
        }
        return HTTPStreamingResponse(statusCode: http.statusCode, headers: Self.headers(of: http), url: http.url,
                                     body: body.clientBody(for: request, context: context, timeout: timeout, redactor: redactor))
    }

    /// Runs one attempt (``performAttempt``) with `request`'s body prepared for URLSession
    /// (``URLSessionBody``), released afterwards; a body reader's failure explains the error that
    /// follows it (a file that changed size, rather than URLSession's bare read error).
    private func withBody<Value: Sendable>(of request: HTTPRequest, context: RequestContext, timeout: Duration?,
                                           _ operation: @escaping @Sendable (URLSessionBody) async throws -> Value) async throws -> Value {
        let body: URLSessionBody
        do {
            body = try URLSessionBody(makeURLRequest(request, timeout: timeout), content: request.content, spooling: spoolsStreamedBodies)
        } catch {
            throw GraftError.wrapping(error, request: request, context: context, redactor: redactor)
        }
        defer { body.finish() }
        do {
            return try await performAttempt(request, context: context, timeout: timeout, redactor: redactor) { try await operation(body) }
        } catch {
            guard let failure = body.readFailure else { throw error }
            throw GraftError.wrapping(failure, request: request, context: context, redactor: redactor)
        }
    }

    /// The `URLRequest` for `request` without its body (see ``URLSessionBody``); URLSession's own
    /// idle timeout is set a little past ours.
    func makeURLRequest(_ request: HTTPRequest, timeout: Duration?) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpShouldHandleCookies = false
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        if let timeout {
            let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
            urlRequest.timeoutInterval = max(seconds + 1, 1)
        }
        return urlRequest
    }

    private static func perform(_ body: URLSessionBody, on session: URLSession,
                                collector: DataTaskCollector?, bodyLimit: Int) async throws -> HTTPResponse {
        let http: HTTPURLResponse
        let data: Data
        if let collector {
            (http, data) = try await collector.perform(body, on: session, bodyLimit: bodyLimit)
        } else {
            let (bytes, response) = if let file = body.uploadFile {
                try await session.upload(for: body.request, fromFile: file)
            } else {
                try await session.data(for: body.request)
            }
            guard let response = response as? HTTPURLResponse else {
                throw GraftError(.transport, message: "the response was not an HTTP response")
            }
            guard bytes.count <= bodyLimit else {
                throw GraftError.bodyTooLarge(limit: bodyLimit, statusCode: response.statusCode,
                                              remedy: "raise URLSessionHTTPClient's responseBodyLimit, or read it with stream(_:context:)")
            }
            (http, data) = (response, bytes)
        }
        return HTTPResponse(statusCode: http.statusCode, headers: headers(of: http), body: data, url: http.url)
    }

    private static func headers(of http: HTTPURLResponse) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            guard let name = name as? String, let value = value as? String else { continue }
            headers.add(name: name, value: value)
        }
        return headers
    }
}
