import Foundation

/// Which redirects ``CurlHTTPClient`` follows, and how each hop's request is made, as browsers and
/// URLSession do: 301 and 302 turn a POST into a GET and 303 anything but HEAD, dropping the body;
/// 307 and 308 repeat the method and body; a hop to another origin (scheme, host or port) drops
/// `Authorization`, `Cookie`, `Proxy-Authorization` and every header the client's ``Redactor``
/// calls secret (`X-Api-Key`, a session header, the names configured). A hop from `https` to plain `http` is
/// refused with ``GraftError/Code/insecureTransport`` unless ``allowsDowngrade``. Each hop is a new
/// connection check, so pins apply to the host redirected to.
public struct RedirectPolicy: Sendable, Hashable {
    /// How many redirects one request follows; past that it fails. 0 returns the 3xx response.
    public var maxRedirects: Int
    /// Whether a redirect from `https://` to `http://` is followed.
    public var allowsDowngrade: Bool

    /// Creates a policy.
    public init(maxRedirects: Int = 10, allowsDowngrade: Bool = false) {
        self.maxRedirects = maxRedirects
        self.allowsDowngrade = allowsDowngrade
    }

    /// Up to 10 redirects, never from https to http.
    public static let follow = RedirectPolicy()
    /// No redirects: a 3xx response is returned as it is.
    public static let none = RedirectPolicy(maxRedirects: 0)

    /// The request for the next hop after `request` got `statusCode` with `headers`, having
    /// followed `hops` redirects so far; nil when the response is the final one. `redactor` says
    /// which headers are credentials, left out of a hop to another origin.
    func next(after request: HTTPRequest, statusCode: Int, headers: HTTPHeaders, hops: Int,
              redactor: Redactor = .default) throws -> HTTPRequest? {
        guard maxRedirects > 0, [301, 302, 303, 307, 308].contains(statusCode),
              let location = headers["Location"], let target = URL(string: location, relativeTo: request.url)?.absoluteURL,
              let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        guard hops < maxRedirects else {
            throw GraftError(.transport, message: "stopped after \(maxRedirects) redirects", underlying: URLError(.httpTooManyRedirects))
        }
        if request.url.scheme?.lowercased() == "https", scheme == "http", !allowsDowngrade {
            throw GraftError(.insecureTransport, message: "refused to follow a redirect from https to plain http (to \(target.host ?? ""))")
        }
        var next = request
        next.url = target
        let becomesGET = statusCode == 303 ? request.method != .head : (statusCode == 301 || statusCode == 302) && request.method == .post
        if becomesGET {
            next.method = .get
            next.body = nil
            for name in ["Content-Type", "Content-Length", "Content-Encoding"] { next.headers.remove(name: name) }
        }
        if !Self.sameOrigin(request.url, target) {
            let secret = request.headers.map(\.name).filter(redactor.isSecretHeader)
            for name in ["Authorization", "Cookie", "Proxy-Authorization"] + secret { next.headers.remove(name: name) }
        }
        return next
    }

    private static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        func port(_ url: URL) -> Int? { url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80) }
        return a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased() && port(a) == port(b)
    }
}
