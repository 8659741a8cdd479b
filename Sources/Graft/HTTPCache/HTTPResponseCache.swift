import Foundation
internal import GraftHashing

/// A private (client) HTTP cache per RFC 9111: which responses may be stored, under which key and
/// variant, and which are invalidated; its ``HTTPCacheInterceptor`` decides when to use it.
///
/// Entries live in an ``HTTPCacheStorage`` (in memory by default; `SQLiteHTTPCacheStorage` keeps
/// them across launches). One cache may serve several clients; it is safe to use from any task.
///
/// What is stored: a response to `GET` or `HEAD` with a status a cache understands (200, 203, 204,
/// 300, 301, 308, 404, 405, 410, 414, 501), that states a lifetime (`max-age`, `Expires`) or a
/// validator (`ETag`, `Last-Modified`), or that the app gave a lifetime
/// (``RequestContext/cacheTimeToLive``). Never stored: `no-store` (in the request or the
/// response), `Vary: *`, a response that sets a header the ``Redactor`` calls secret (`Set-Cookie`)
/// or whose JSON or form body holds a secret field (a token endpoint's answer), and a response to
/// a request with `Authorization` unless the response allows it (`public`, `private`,
/// `s-maxage`, `must-revalidate`; RFC 9111, section 3.5) or the app gave a lifetime.
public final class HTTPResponseCache: Sendable {
    /// What the cache has done since it was made, for tests and diagnostics.
    public struct Statistics: Sendable, Hashable {
        /// Responses returned from the cache without asking the server.
        public var hits = 0
        /// Stored responses the server confirmed with `304 Not Modified`.
        public var revalidations = 0
        /// Requests that went to the server without a usable entry, or got a new response.
        public var misses = 0
        /// Responses stored.
        public var stores = 0
        /// Entries removed after a successful unsafe request.
        public var invalidations = 0
        /// Storage errors and damaged entries, each treated as a miss.
        public var failures = 0
    }

    private struct State {
        var storage: any HTTPCacheStorage
        var statistics = Statistics()
    }

    private let state: Locked<State>
    /// Decides which response headers and body fields are secret (such responses are not stored)
    /// and which `Vary` request headers are kept only as a hash.
    public let redactor: Redactor
    /// The clock that ages entries (a test clock in tests).
    let now: @Sendable () -> Date

    /// Creates a cache on `storage`.
    public convenience init(storage: sending any HTTPCacheStorage = InMemoryHTTPCacheStorage(), redactor: Redactor = .default) {
        self.init(storage: storage, redactor: redactor, now: { Date() })
    }

    /// Creates a cache on `storage` whose entries age by `now`.
    package init(storage: sending any HTTPCacheStorage, redactor: Redactor = .default, now: @escaping @Sendable () -> Date) {
        state = Locked(State(storage: storage))
        self.redactor = redactor
        self.now = now
    }

    /// What the cache has done so far.
    public var statistics: Statistics { state.withLock { $0.statistics } }
    /// How many entries are stored.
    public var count: Int { state.withLock { $0.storage.count } }
    /// How many bytes are stored.
    public var byteCount: Int { state.withLock { $0.storage.byteCount } }

    /// The key of the entries answering `request`: its method and URL without a fragment.
    public static func key(for request: HTTPRequest) -> String {
        key(method: request.method, url: request.url)
    }

    static func key(method: HTTPMethod, url: URL) -> String {
        var text = url.absoluteString
        if let hash = text.firstIndex(of: "#") { text = String(text[..<hash]) }
        return method.rawValue + " " + text
    }

    /// The stored entry that answers `request`: same key, and the same values of the request
    /// headers its `Vary` names. A storage error or a damaged entry is a miss.
    public func entry(for request: HTTPRequest) -> HTTPCacheEntry? {
        let key = Self.key(for: request)
        return state.withLock { state in
            do {
                return try state.storage.entries(forKey: key).first { entry in
                    variant(of: request, vary: entry.headers["Vary"]) == entry.variant
                }
            } catch {
                state.statistics.failures += 1
                return nil
            }
        }
    }

    /// Stores `response` to `request` when RFC 9111 and the redaction policy allow (see the type's
    /// documentation); `timeToLive` is the app's lifetime for a response that states none.
    /// Returns whether it was stored.
    @discardableResult
    public func store(_ response: HTTPResponse, for request: HTTPRequest, requestTime: Date, responseTime: Date,
                      timeToLive: Duration? = nil) -> Bool {
        let lifetime = timeToLive.map { Int($0.components.seconds) }
        guard isStorable(response, for: request, assignedLifetime: lifetime),
              let variant = variant(of: request, vary: response.headers["Vary"]) else { return false }
        let entry = HTTPCacheEntry(key: Self.key(for: request), variant: variant, statusCode: response.statusCode,
                                   headers: response.headers, body: response.body, url: response.url,
                                   requestTime: requestTime, responseTime: responseTime, assignedLifetime: lifetime)
        return save(entry)
    }

    /// Stores `entry` as it is (an entry a `304 Not Modified` refreshed), or removes it when its
    /// headers now say `no-store`.
    @discardableResult
    func save(_ entry: HTTPCacheEntry) -> Bool {
        state.withLock { state in
            do {
                if entry.cacheControl?.noStore == true {
                    try state.storage.removeEntries(forKey: entry.key)
                    return false
                }
                let stored = try state.storage.store(entry)
                if stored { state.statistics.stores += 1 }
                return stored
            } catch {
                state.statistics.failures += 1
                return false
            }
        }
    }

    /// Removes the entries of `url` (its `GET` and `HEAD`), as a successful write to it does.
    public func invalidate(_ url: URL) {
        state.withLock { state in
            for method in [HTTPMethod.get, .head] {
                do {
                    state.statistics.invalidations += try state.storage.removeEntries(forKey: Self.key(method: method, url: url))
                } catch {
                    state.statistics.failures += 1
                }
            }
        }
    }

    /// Removes every entry (for example when the user signs out).
    public func removeAll() {
        state.withLock { state in
            do { try state.storage.removeAll() } catch { state.statistics.failures += 1 }
        }
    }

    /// Counts a hit, a revalidation or a miss.
    func record(_ counter: WritableKeyPath<Statistics, Int>) {
        state.withLock { $0.statistics[keyPath: counter] += 1 }
    }

    /// The variant of `request` for a response with this `Vary`: `name=value` lines for the named
    /// headers, sorted by name, a secret header's value replaced by its SHA-256; nil for `Vary: *`.
    func variant(of request: HTTPRequest, vary: String?) -> String? {
        guard let vary else { return "" }
        let names = vary.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty }
        if names.contains("*") { return nil }
        return Set(names).sorted().map { name in
            let value = request.headers.values(for: name).joined(separator: ",")
            return name + "=" + (redactor.isSecretHeader(name) ? SHA256.hex(value) : value) + "\n"
        }.joined()
    }

    /// RFC 9111, section 3, for a private cache, and the redaction policy.
    private func isStorable(_ response: HTTPResponse, for request: HTTPRequest, assignedLifetime: Int?) -> Bool {
        guard request.method == .get || request.method == .head,
              Self.understoodStatuses.contains(response.statusCode) else { return false }
        let control = CacheControl(headers: response.headers)
        if control?.noStore == true || CacheControl(headers: request.headers)?.noStore == true { return false }
        if request.headers.contains("Authorization"), assignedLifetime == nil {
            guard let control, control.isPublic || control.isPrivate || control.sharedMaxAge != nil || control.mustRevalidate
            else { return false }
        }
        let statesLifetime = control?.maxAge != nil || response.headers.contains("Expires") || assignedLifetime != nil
        let hasValidator = response.headers.contains("ETag") || response.headers.contains("Last-Modified")
        guard statesLifetime || hasValidator else { return false }
        return !holdsSecrets(response)
    }

    /// Whether the response sets a header or has a body field that holds a credential
    /// (`Redactor.isCredentialField`: `Set-Cookie`, `access_token`, not a `key` or `signature` field).
    /// CORS headers (`Access-Control-Allow-Credentials`) describe what a browser may send, never a
    /// credential.
    private func holdsSecrets(_ response: HTTPResponse) -> Bool {
        if response.headers.contains(where: { !$0.name.lowercased().hasPrefix("access-control-") && redactor.isCredentialField($0.name) }) {
            return true
        }
        guard !response.body.isEmpty else { return false }
        return redactor.holdsCredential(body: String(decoding: response.body, as: UTF8.self),
                                        contentType: response.headers["Content-Type"])
    }

    private static let understoodStatuses: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]
}
