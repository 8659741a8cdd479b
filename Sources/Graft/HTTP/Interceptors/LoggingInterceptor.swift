import Foundation

/// Logs a line for each request and one for its response (with status, size and timing) or failure.
///
/// Secrets never reach the sink: secret headers (`Authorization`, `Proxy-Authorization`, `Cookie`,
/// `Set-Cookie` and the ``Redactor``'s configured names) are replaced, secret query parameters and
/// JSON/form fields are replaced, and any credential from a secret request header is scrubbed
/// wherever else it appears (an echoing server, a token in a body). Bodies are cut to
/// ``maxBodyLength`` characters after redaction.
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

    /// Creates an interceptor writing to `sink`.
    public init(sink: any HTTPLogSink, redactor: Redactor = .default, options: Options = Options()) {
        self.sink = sink
        self.redactor = redactor
        self.options = options
    }

    /// Logs the request, passes it on, and logs the outcome.
    public func intercept(_ request: HTTPRequest, context: RequestContext, next: @escaping HTTPNext) async throws -> HTTPResponse {
        let id = counter.withLock { count in
            count += 1
            return count
        }
        let secrets = redactor.secretValues(in: request.headers)
        let target = redactor.scrub("\(request.method) \(redactor.redact(url: request.url))", secrets: secrets)
        let label = context.operationName.map { " (\($0))" } ?? ""
        let attempt = context.attempt > 1 ? " attempt \(context.attempt)" : ""
        sink.log(HTTPLogRecord(kind: .request, requestID: id, duration: nil,
                               message: "[graft] -> #\(id) \(target)\(label)\(attempt)"
                                   + details(request.headers, request.body, secrets: secrets)))
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            let elapsed = ContinuousClock.now - start
            sink.log(HTTPLogRecord(kind: .response, requestID: id, duration: elapsed,
                                   message: "[graft] <- #\(id) \(response.statusCode) \(target) in \(Self.format(elapsed))"
                                       + " (\(response.body.count) bytes)"
                                       + details(response.headers, response.body, secrets: secrets)))
            return response
        } catch {
            let elapsed = ContinuousClock.now - start
            let failure = GraftError.wrapping(error, request: request, context: context, redactor: redactor)
            sink.log(HTTPLogRecord(kind: .failure, requestID: id, duration: elapsed,
                                   message: "[graft] !! #\(id) \(target) failed in \(Self.format(elapsed)): "
                                       + redactor.scrub(failure.description, secrets: secrets)))
            throw error
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

    /// A duration as milliseconds with one decimal, for example `12.3 ms`.
    static func format(_ duration: Duration) -> String {
        let tenths = (duration.graftSeconds * 10_000).rounded() / 10
        return "\(tenths) ms"
    }
}
