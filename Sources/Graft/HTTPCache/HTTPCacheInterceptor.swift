import Foundation

/// Answers `GET` and `HEAD` requests from an ``HTTPResponseCache`` by the GraphQL client's
/// ``CachePolicy`` names, revalidates stale entries with `If-None-Match`/`If-Modified-Since`, and
/// removes the entries of a URL after a successful write to it.
///
/// ```swift
/// import Graft
///
/// let cache = HTTPResponseCache()
/// let client = InterceptingHTTPClient(base: URLSessionHTTPClient(), interceptors: [
///     HTTPCacheInterceptor(cache: cache, policy: .cacheFirst),
/// ])
/// ```
///
/// Place it below the interceptors that add credentials (so the request it sees is the one sent,
/// `Authorization` included) and above logging, so a cache hit is not logged as a request. A
/// response it returns carries ``HTTPResponse/source``: `.cache` when the server was not asked,
/// `.revalidated` when the server answered `304 Not Modified` (the caller gets the stored status
/// and body with the updated headers, never the 304).
///
/// The policy (the interceptor's, or the request's ``RequestContext/cachePolicy``):
/// - `cacheFirst`: a fresh entry without asking; a stale one with validators is revalidated; else
///   the server.
/// - `networkFirst`: the server (conditionally, when an entry has validators); when the server
///   cannot be reached, the stored entry, unless it said `must-revalidate` or `no-cache`.
/// - `networkOnly`: the server, unconditionally; the response is still stored.
/// - `cacheOnly`: the stored entry, fresh or not; without one, ``GraftError/Code/cacheMiss``.
/// - `cacheAndNetwork`: the GraphQL client's "cached result, then the server's" needs two answers;
///   an HTTP exchange has one, so it is answered as `networkFirst` (the later, current one).
///
/// The same enum serves both clients, unchanged, so an app says `.cacheFirst` once for both.
///
/// GraphQL requests (``RequestContext/isGraphQL``) pass through untouched: the normalized cache
/// decides for them. Streamed responses are not stored; a streamed write still invalidates.
/// Requests that carry their own conditional or range headers pass through and are not stored.
public struct HTTPCacheInterceptor: HTTPInterceptor {
    /// The cache read and written.
    public let cache: HTTPResponseCache
    /// The policy for requests whose context gives none.
    public let policy: CachePolicy

    /// Creates an interceptor over `cache` answering by `policy` unless a request's context says otherwise.
    public init(cache: HTTPResponseCache = HTTPResponseCache(), policy: CachePolicy = .cacheFirst) {
        self.cache = cache
        self.policy = policy
    }

    public func intercept(_ request: HTTPRequest, context: RequestContext, next: @escaping HTTPNext) async throws -> HTTPResponse {
        if context.isGraphQL { return try await next(request, context) }
        guard request.method == .get || request.method == .head else {
            let response = try await next(request, context)
            invalidateAfter(request, status: response.statusCode, headers: response.headers)
            return response
        }
        if Self.conditionalHeaders.contains(where: { request.headers.contains($0) }) {
            return try await next(request, context)
        }
        let requestControl = CacheControl(headers: request.headers)
        let stored = requestControl?.noStore == true ? nil : cache.entry(for: request)
        switch context.cachePolicy ?? policy {
        case .cacheOnly:
            guard let stored else {
                cache.record(\.misses)
                throw GraftError(.cacheMiss, message: "no stored response for the request", operation: context.operationName)
            }
            cache.record(\.hits)
            return stored.response(source: .cache)
        case .cacheFirst:
            if let stored, requestControl?.noCache != true, stored.isFresh(at: cache.now()) {
                cache.record(\.hits)
                return stored.response(source: .cache)
            }
            return try await fetch(request, context: context, revalidating: stored, next: next)
        case .networkOnly:
            return try await fetch(request, context: context, revalidating: nil, next: next)
        case .networkFirst, .cacheAndNetwork:
            do {
                return try await fetch(request, context: context, revalidating: stored, next: next)
            } catch {
                guard let stored, stored.mayServeStale, !Self.isCancellation(error) else { throw error }
                cache.record(\.hits)
                return stored.response(source: .cache)
            }
        }
    }

    public func interceptStream(_ request: HTTPRequest, context: RequestContext,
                                next: @escaping HTTPStreamNext) async throws -> HTTPStreamingResponse {
        let response = try await next(request, context)
        if !context.isGraphQL, request.method != .get, request.method != .head {
            invalidateAfter(request, status: response.statusCode, headers: response.headers)
        }
        return response
    }

    /// Sends `request`, conditionally when `entry` has validators; a 304 refreshes the entry and
    /// returns it, any other response is stored if it may be.
    private func fetch(_ request: HTTPRequest, context: RequestContext, revalidating entry: HTTPCacheEntry?,
                       next: HTTPNext) async throws -> HTTPResponse {
        var sent = request
        let validating = entry.flatMap { $0.entityTag != nil || $0.lastModified != nil ? $0 : nil }
        if let validating {
            if let tag = validating.entityTag { sent.headers["If-None-Match"] = tag }
            if let date = validating.lastModified { sent.headers["If-Modified-Since"] = date }
        }
        let requestTime = cache.now()
        let response = try await next(sent, context)
        let responseTime = cache.now()
        if let validating, response.statusCode == 304 {
            let refreshed = validating.merging(notModified: response, requestTime: requestTime, responseTime: responseTime)
            cache.save(refreshed)
            cache.record(\.revalidations)
            return refreshed.response(source: .revalidated)
        }
        cache.record(\.misses)
        cache.store(response, for: request, requestTime: requestTime, responseTime: responseTime,
                    timeToLive: context.cacheTimeToLive)
        return response
    }

    /// RFC 9111, section 4.4: a non-error response to an unsafe method invalidates the request's
    /// URL and the same-origin URLs in its `Location` and `Content-Location`.
    private func invalidateAfter(_ request: HTTPRequest, status: Int, headers: HTTPHeaders) {
        guard (200..<400).contains(status), !Self.safeMethods.contains(request.method) else { return }
        cache.invalidate(request.url)
        for name in ["Location", "Content-Location"] {
            guard let value = headers[name], let url = URL(string: value, relativeTo: request.url)?.absoluteURL,
                  url.scheme == request.url.scheme, url.host == request.url.host, url.port == request.url.port else { continue }
            cache.invalidate(url)
        }
    }

    private static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || (error as? GraftError)?.code == .cancelled
    }

    private static let safeMethods: Set<HTTPMethod> = [.get, .head, .options, "TRACE"]
    private static let conditionalHeaders = ["If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since", "If-Range",
                                             "Range"]
}
