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
/// throws ``GraftError/Code/cancelled``.
public final class URLSessionHTTPClient: HTTPClient {
    /// The session requests run on.
    public let session: URLSession
    /// The timeout for a request whose context has none; `nil` for no deadline of our own.
    public let defaultTimeout: Duration?
    /// Decides what request summaries in errors leave out.
    public let redactor: Redactor

    /// Creates a client on `session` (by default an ephemeral session: no cookie or URL cache on disk).
    public init(session: URLSession = URLSession(configuration: .ephemeral), defaultTimeout: Duration? = .seconds(60),
                redactor: Redactor = .default) {
        self.session = session
        self.defaultTimeout = defaultTimeout
        self.redactor = redactor
    }

    /// Sends `request` and returns the complete response.
    public func send(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPResponse {
        let timeout = context.attemptTimeout ?? context.timeout ?? defaultTimeout
        let urlRequest = makeURLRequest(request, timeout: timeout)
        let session = self.session
        do {
            try Task.checkCancellation()
            if let timeout {
                return try await withDeadline(timeout) { try await Self.perform(urlRequest, on: session) }
            }
            return try await Self.perform(urlRequest, on: session)
        } catch {
            throw GraftError.wrapping(error, request: request, context: context, redactor: redactor)
        }
    }

    /// The `URLRequest` for `request`; URLSession's own idle timeout is set a little past ours.
    func makeURLRequest(_ request: HTTPRequest, timeout: Duration?) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpBody = request.body
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

    private static func perform(_ urlRequest: URLRequest, on session: URLSession) async throws -> HTTPResponse {
        let (data, response) = try await session.data(for: urlRequest)
        guard let http = response as? HTTPURLResponse else {
            throw GraftError(.transport, message: "the response was not an HTTP response")
        }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            guard let name = name as? String, let value = value as? String else { continue }
            headers.add(name: name, value: value)
        }
        return HTTPResponse(statusCode: http.statusCode, headers: headers, body: data, url: http.url)
    }
}
