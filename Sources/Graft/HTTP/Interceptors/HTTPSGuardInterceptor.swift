import Foundation

/// Refuses to send a request over plain `http://` unless its host is a loopback address
/// (`localhost`, `127.0.0.0/8`, `::1`) or one of ``allowedHosts``, before anything is sent, so that
/// credentials and data never cross a network in clear by accident. Other schemes than `http` and
/// `https` are refused too. Optionally reports HTTPS responses that lack security headers.
///
/// Place it outermost, so that nothing below it (authentication, logging) touches the request:
/// `GraphQLClient(url: endpoint, interceptors: [HTTPSGuardInterceptor()])` puts your interceptors
/// after the timeout and retry, before authentication.
public struct HTTPSGuardInterceptor: HTTPInterceptor {
    /// Receives the URL of an HTTPS response and the security headers it lacks.
    public typealias MissingHeadersHandler = @Sendable (_ url: URL, _ missing: [String]) -> Void

    /// The headers checked by the `onMissingSecurityHeaders` handler of ``init(allowing:onMissingSecurityHeaders:)``.
    public static let securityHeaders = ["Strict-Transport-Security", "X-Content-Type-Options"]

    /// Hosts (lowercased) that may be reached over plain `http://` besides loopback ones.
    public let allowedHosts: Set<String>
    private let onMissingSecurityHeaders: MissingHeadersHandler?

    /// Creates a guard allowing plain `http://` to loopback hosts and `allowedHosts`; with a
    /// handler, HTTPS responses without ``securityHeaders`` are reported to it.
    public init(allowing allowedHosts: Set<String> = [], onMissingSecurityHeaders: MissingHeadersHandler? = nil) {
        self.allowedHosts = Set(allowedHosts.map { $0.lowercased() })
        self.onMissingSecurityHeaders = onMissingSecurityHeaders
    }

    public func intercept(_ request: HTTPRequest, context: RequestContext, next: @escaping HTTPNext) async throws -> HTTPResponse {
        let scheme = request.url.scheme?.lowercased() ?? ""
        let host = (request.url.host ?? "").lowercased()
        switch scheme {
        case "https":
            let response = try await next(request, context)
            if let onMissingSecurityHeaders {
                let missing = Self.securityHeaders.filter { !response.headers.contains($0) }
                if !missing.isEmpty { onMissingSecurityHeaders(request.url, missing) }
            }
            return response
        case "http" where Self.isLoopback(host) || allowedHosts.contains(host):
            return try await next(request, context)
        default:
            let what = scheme == "http" ? "plain http to \(host)" : "the \(scheme.isEmpty ? "missing" : scheme) scheme"
            throw GraftError(.insecureTransport,
                             message: "refused to send over \(what): use https, or allow the host with HTTPSGuardInterceptor(allowing:)")
        }
    }

    /// Whether `host` names this machine: `localhost`, an address in 127.0.0.0/8, or `::1`.
    static func isLoopback(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if bare == "localhost" || bare.hasSuffix(".localhost") || bare == "::1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in UInt8(part) != nil }
    }
}
