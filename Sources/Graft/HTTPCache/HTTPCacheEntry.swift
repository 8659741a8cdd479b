import Foundation

/// A stored response as an ``HTTPResponseCache`` keeps it: the response, when it was asked for
/// and received (for its age, RFC 9111 section 4.2.3), and which request it answers.
///
/// Its freshness is computed from the stored headers whenever it is read, so a `304 Not Modified`
/// that updates the headers (``merging(notModified:requestTime:responseTime:)``) updates it too.
public struct HTTPCacheEntry: Sendable, Hashable {
    /// The method and URL the entry answers (``HTTPResponseCache/key(for:)``).
    public var key: String
    /// The values of the request headers the response's `Vary` names, one `name=value` line each
    /// (secret ones as a SHA-256 of the value); empty without `Vary`.
    public var variant: String
    /// The stored status code.
    public var statusCode: Int
    /// The stored headers.
    public var headers: HTTPHeaders
    /// The stored body.
    public var body: Data
    /// The URL that produced the response, after redirects, when known.
    public var url: URL?
    /// When the request that produced the response (or last revalidated it) was sent.
    public var requestTime: Date
    /// When its response arrived.
    public var responseTime: Date
    /// A lifetime in seconds the app gave (``RequestContext/cacheTimeToLive``), used when the
    /// response states none.
    public var assignedLifetime: Int?

    /// Creates an entry.
    public init(key: String, variant: String = "", statusCode: Int, headers: HTTPHeaders, body: Data, url: URL? = nil,
                requestTime: Date, responseTime: Date, assignedLifetime: Int? = nil) {
        self.key = key
        self.variant = variant
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.url = url
        self.requestTime = requestTime
        self.responseTime = responseTime
        self.assignedLifetime = assignedLifetime
    }

    /// What the entry costs against a byte cap: body, headers and key.
    public var byteCount: Int {
        body.count + key.utf8.count + variant.utf8.count + headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
    }

    /// The stored `Cache-Control`, if any.
    public var cacheControl: CacheControl? { CacheControl(headers: headers) }

    /// How long the response is fresh for, in seconds (RFC 9111, section 4.2.1): `max-age`, else
    /// `Expires` less `Date` (an unreadable `Expires` means already expired), else the app's
    /// lifetime, else zero. There is no heuristic freshness: a response without a lifetime is
    /// stored only for its validators and is revalidated on every use.
    public var freshnessLifetime: Int {
        if let maxAge = cacheControl?.maxAge { return maxAge }
        if let expires = headers["Expires"] {
            guard let expiry = HTTPDate.parse(expires) else { return 0 }
            let date = headers["Date"].flatMap(HTTPDate.parse) ?? responseTime
            return max(0, Int(expiry.timeIntervalSince(date).rounded(.down)))
        }
        return assignedLifetime ?? 0
    }

    /// The response's age at `now`, in seconds (RFC 9111, section 4.2.3): the larger of the
    /// apparent age (`Date` against arrival) and `Age` plus the request's round trip, plus the time
    /// since it arrived.
    public func currentAge(at now: Date) -> Int {
        let apparent = headers["Date"].flatMap(HTTPDate.parse).map { max(0, responseTime.timeIntervalSince($0)) } ?? 0
        let delay = max(0, responseTime.timeIntervalSince(requestTime))
        let corrected = Double(headers["Age"].flatMap { CacheControl.seconds($0) } ?? 0) + delay
        let resident = max(0, now.timeIntervalSince(responseTime))
        let age = max(apparent, corrected) + resident
        return age >= Double(Int.max) ? Int.max : Int(age.rounded(.down))
    }

    /// Whether the entry may be used without asking the server at `now`: younger than its
    /// lifetime, and without `no-cache`.
    public func isFresh(at now: Date) -> Bool {
        if cacheControl?.noCache == true { return false }
        return freshnessLifetime > currentAge(at: now)
    }

    /// Whether a stale entry may stand in when the server cannot be reached (RFC 9111, section
    /// 4.2.4): not when the response said `must-revalidate` or `no-cache`.
    public var mayServeStale: Bool {
        guard let control = cacheControl else { return true }
        return !control.mustRevalidate && !control.noCache
    }

    /// The stored `ETag`.
    public var entityTag: String? { headers["ETag"] }
    /// The stored `Last-Modified`.
    public var lastModified: String? { headers["Last-Modified"] }

    /// The stored response, marked with `source`.
    public func response(source: HTTPResponse.Source) -> HTTPResponse {
        var response = HTTPResponse(statusCode: statusCode, headers: headers, body: body, url: url)
        response.source = source
        return response
    }

    /// The entry after a `304 Not Modified` (RFC 9111, section 4.3.4): the 304's headers replace
    /// the stored ones of the same name (except the ones that describe the stored body), and its
    /// times become the entry's, so the lifetime it states starts again.
    public func merging(notModified response: HTTPResponse, requestTime: Date, responseTime: Date) -> HTTPCacheEntry {
        let kept: Set<String> = ["content-length", "content-encoding", "content-range", "transfer-encoding"]
        var merged = self
        let replacing = response.headers.filter { !kept.contains($0.name.lowercased()) }
        for field in replacing { merged.headers.remove(name: field.name) }
        for field in replacing { merged.headers.add(name: field.name, value: field.value) }
        merged.requestTime = requestTime
        merged.responseTime = responseTime
        return merged
    }
}
