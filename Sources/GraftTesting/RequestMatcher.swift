import Foundation
import Graft

/// Decides whether a stub of a ``MockHTTPClient`` answers a request.
///
/// Combine matchers with `&&` and `||`: `.method(.post) && .path("/graphql")`.
public struct RequestMatcher: Sendable {
    private let predicate: @Sendable (HTTPRequest, RequestContext) -> Bool

    /// Creates a matcher from a predicate.
    public init(_ predicate: @escaping @Sendable (HTTPRequest, RequestContext) -> Bool) {
        self.predicate = predicate
    }

    /// Whether the matcher accepts `request`.
    public func matches(_ request: HTTPRequest, context: RequestContext = RequestContext()) -> Bool {
        predicate(request, context)
    }

    /// Matches every request.
    public static let any = RequestMatcher { _, _ in true }

    /// Matches requests with this method.
    public static func method(_ method: HTTPMethod) -> RequestMatcher {
        RequestMatcher { request, _ in request.method == method }
    }

    /// Matches requests whose URL path is exactly `path` (for example `/v1/users`).
    public static func path(_ path: String) -> RequestMatcher {
        RequestMatcher { request, _ in request.url.path == path }
    }

    /// Matches requests whose URL path starts with `prefix`.
    public static func pathPrefix(_ prefix: String) -> RequestMatcher {
        RequestMatcher { request, _ in request.url.path.hasPrefix(prefix) }
    }

    /// Matches requests to exactly this URL.
    public static func url(_ url: URL) -> RequestMatcher {
        RequestMatcher { request, _ in request.url == url }
    }

    /// Matches requests carrying header `name`, with `value` if given.
    public static func header(_ name: String, _ value: String? = nil) -> RequestMatcher {
        RequestMatcher { request, _ in
            guard let actual = request.headers[name] else { return false }
            return value.map { $0 == actual } ?? true
        }
    }

    /// Matches requests whose body, as UTF-8 text, contains `text` (a streamed body is read for it).
    public static func bodyContains(_ text: String) -> RequestMatcher {
        RequestMatcher { request, _ in
            ((try? request.sentBody()) ?? nil).map { String(decoding: $0, as: UTF8.self).contains(text) } ?? false
        }
    }

    /// Matches requests whose context names this operation or endpoint.
    public static func operation(_ name: String) -> RequestMatcher {
        RequestMatcher { _, context in context.operationName == name }
    }

    /// Matches requests both matchers accept.
    public static func && (lhs: RequestMatcher, rhs: RequestMatcher) -> RequestMatcher {
        RequestMatcher { lhs.predicate($0, $1) && rhs.predicate($0, $1) }
    }

    /// Matches requests either matcher accepts.
    public static func || (lhs: RequestMatcher, rhs: RequestMatcher) -> RequestMatcher {
        RequestMatcher { lhs.predicate($0, $1) || rhs.predicate($0, $1) }
    }
}
