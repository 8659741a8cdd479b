import Foundation

/// Logs a line for each request and one for its response (with status, size and timing) or failure.
///
/// Secrets never reach the sink: secret headers (`Authorization`, `Proxy-Authorization`, `Cookie`,
/// `Set-Cookie` and the ``Redactor``'s configured names) are replaced, secret query parameters and
/// JSON/form fields are replaced, and any credential from a secret request header, or noted by an
/// interceptor further in (``RequestContext/noteCredential(_:)``), is scrubbed wherever else it
/// appears (an echoing server, a token copied into a body); so are the request's secret field
/// values in its response lines. Bodies are cut to
/// ``Options/maxBodyLength`` characters after redaction.
///
/// Placed after the authentication interceptors it logs exactly what is sent, one pair of lines per
/// attempt (a 401, then the retry with the refreshed token); placed first it logs one pair per call.
public final class LoggingInterceptor: HTTPInterceptor {
    /// What to include in each line.
    public struct Options: Sendable, Hashable {
        /// Include headers.
        public var headers: Bool
        /// Include bodies.
        public var bodies: Bool
        /// The most body characters to log.
        public var maxBodyLength: Int

        /// Creates options; by default headers and bodies (up to 1024 characters) are logged.
        public init(headers: Bool = true, bodies: Bool = true, maxBodyLength: Int = 1024) {
            self.headers = headers
            self.bodies = bodies
            self.maxBodyLength = maxBodyLength
        }
    }

    /// Receives the lines.
    public let sink: any HTTPLogSink
    /// Decides what is secret.
    public let redactor: Redactor
    /// What to include in each line.
    public let options: Options
    private let counter = Locked(0)
    private let recentCredentials = Locked<[String]>([])

    /// Creates an interceptor writing to `sink`.
    public init(sink: any HTTPLogSink, redactor: Redactor = .default, options: Options = Options()) {
        self.sink = sink
        self.redactor = redactor
        self.options = options
    }

    /// Logs the request, passes it on, and logs the outcome.
    public func intercept(_ request: HTTPRequest, context: RequestContext, next: @escaping HTTPNext) async throws -> HTTPResponse {
        try await exchange(request, context: context, next: next) { response in
            (response.statusCode, " (\(response.body.count) bytes)", response.headers, response.body)
        }.response
    }

    /// Logs the request and the response head ("streaming"), passes the body on, and logs a line
    /// when it ends (or the client closes it): how many bytes arrived in how long, or why it failed.
    public func interceptStream(_ request: HTTPRequest, context: RequestContext,
                                next: @escaping HTTPStreamNext) async throws -> HTTPStreamingResponse {
        let (head, id, target, secrets) = try await exchange(request, context: context, next: next) { response in
            (response.statusCode, " (streaming)", response.headers, nil)
        }
        var response = head
        let start = ContinuousClock.now
        let received = Locked(0)
        let (sink, redactor) = (self.sink, self.redactor)
        response.body = response.body.relayed(observe: { chunk in received.withLock { $0 += chunk.count } }, finished: { error in
            let elapsed = ContinuousClock.now - start
            let bytes = received.withLock { $0 }
            let failure = error.map { GraftError.wrapping($0, request: request, context: context, redactor: redactor) }
            let outcome: String
            switch failure?.code {
            case nil: outcome = "ended"
            case .cancelled?: outcome = "closed by the client"
            case _?: outcome = "failed"
            }
            let reason = failure.map { failure in failure.code == .cancelled ? "" : ": " + redactor.scrub(failure.description, secrets: secrets) } ?? ""
            let failed = outcome == "failed"
            sink.log(HTTPLogRecord(kind: failed ? .failure : .response, requestID: id, duration: elapsed,
                                   message: "[graft] \(failed ? "!!" : "<-") #\(id) \(target) body \(outcome) after \(bytes) bytes"
                                       + " in \(Self.format(elapsed))\(reason)"))
        })
        return response
    }

    /// Logs the request, passes it on through `next`, and logs the outcome as `describe` says
    /// (status, size text, headers, body); returns the response with the line's id, target and secrets.
    private func exchange<Response>(_ request: HTTPRequest, context: RequestContext,
                                    next: @Sendable (HTTPRequest, RequestContext) async throws -> Response,
                                    describe: (Response) -> (Int, String, HTTPHeaders, Data?)
    ) async throws -> (response: Response, id: Int, target: String, secrets: [String]) {
        let id = counter.withLock { count in
            count += 1
            return count
        }
        let (context, ledger) = context.withCredentialLedger()
        let fieldSecrets = redactor.secretFieldValues(in: request)
        var secrets = remember(redactor.secretValues(in: request.headers) + ledger.all) + fieldSecrets
        let target = redactor.scrub("\(request.method) \(redactor.redact(url: request.url))", secrets: secrets)
        let label = context.operationName.map { " (\($0))" } ?? ""
        let attempt = context.attempt > 1 ? " attempt \(context.attempt)" : ""
        sink.log(HTTPLogRecord(kind: .request, requestID: id, duration: nil,
                               message: "[graft] -> #\(id) \(target)\(label)\(attempt)"
                                   + details(request.headers, request.body, secrets: secrets)
                                   + streamedBody(request.content)))
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            let elapsed = ContinuousClock.now - start
            secrets = remember(ledger.all) + fieldSecrets
            let (status, size, headers, body) = describe(response)
            sink.log(HTTPLogRecord(kind: .response, requestID: id, duration: elapsed,
                                   message: "[graft] <- #\(id) \(status) \(target) in \(Self.format(elapsed))"
                                       + size + details(headers, body, secrets: secrets)))
            return (response, id, target, secrets)
        } catch {
            let elapsed = ContinuousClock.now - start
            secrets = remember(ledger.all) + fieldSecrets
            var failure = GraftError.leavingCall(error, operation: context.operationName, request: request,
                                                 credentials: ledger.all, redactor: redactor)
            // A timer above this logger (the call's deadline, an outer timeout) cancels the attempt
            // when it fires: say so, not "cancelled".
            if failure.code == .cancelled, let timeout = context.timerAboveFired {
                failure = GraftError(.timedOut, message: "timed out: the \(timeout.graftMilliseconds) ms timeout above this attempt passed",
                                     operation: failure.operation, request: failure.request)
            }
            sink.log(HTTPLogRecord(kind: .failure, requestID: id, duration: elapsed,
                                   message: "[graft] !! #\(id) \(target) failed in \(Self.format(elapsed)): "
                                       + redactor.scrub(failure.description, secrets: secrets)))
            throw error
        }
    }

    /// Adds `values` to the recently seen credentials and returns them all, longest first.
    ///
    /// Remembering the last few credentials lets a logger placed outside the authentication
    /// interceptors scrub a token from a later request's line, before that request gets its header.
    private func remember(_ values: [String]) -> [String] {
        recentCredentials.withLock { recent in
            for value in values where value.count >= 6 && !recent.contains(value) {
                recent.insert(value, at: 0)
            }
            if recent.count > 32 { recent.removeLast(recent.count - 32) }
            return recent.sorted { $0.count > $1.count }
        }
    }

    /// ` headers: [...] body: ...` as the options allow, redacted.
    private func details(_ headers: HTTPHeaders, _ body: Data?, secrets: [String]) -> String {
        var text = ""
        if options.headers, !headers.isEmpty {
            let shown = redactor.redact(headers: headers).fields.map { "\($0.name): \($0.value)" }
            text += " headers: [" + redactor.scrub(shown.joined(separator: ", "), secrets: secrets) + "]"
        }
        if options.bodies, let body, !body.isEmpty {
            text += " body: " + redactor.redact(body: body, contentType: headers["Content-Type"], secrets: secrets,
                                                limit: options.maxBodyLength)
        }
        return text
    }

    /// ` body: <streamed, N bytes (what it is)>` for a streamed body, whatever the options: its size
    /// and kind, never its contents (which are not read here).
    private func streamedBody(_ content: HTTPRequestBody?) -> String {
        guard case .stream? = content, let content else { return "" }
        return " body: <\(content.summary)>"
    }

    /// A duration as milliseconds with one decimal, for example `12.3 ms`.
    static func format(_ duration: Duration) -> String {
        let tenths = (duration.graftSeconds * 10_000).rounded() / 10
        return "\(tenths) ms"
    }
}
