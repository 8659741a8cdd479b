/// What a request does while the ``NetworkMonitor`` says the network is down
/// (``RequestContext/whenOffline``, from ``RequestOptions/whenOffline``).
public enum OfflineBehavior: Sendable, Hashable {
    /// Send anyway and let the network fail (the default: the monitor may be wrong).
    case attempt
    /// Fail at once with ``GraftError/Code/offline``, sending nothing.
    case failFast
    /// Wait until the network is back, then send (the request's timeout still applies).
    case waitForNetwork
}

/// Consults a ``NetworkMonitor`` before each request: while the network is down, a request fails
/// fast or waits for it, as its context says. Place it outermost.
public struct NetworkMonitorInterceptor: HTTPInterceptor {
    /// The monitor consulted.
    public let monitor: any NetworkMonitor

    /// Creates an interceptor consulting `monitor`.
    public init(_ monitor: any NetworkMonitor) {
        self.monitor = monitor
    }

    public func intercept(_ request: HTTPRequest, context: RequestContext, next: @escaping HTTPNext) async throws -> HTTPResponse {
        guard !monitor.status.isSatisfied else { return try await next(request, context) }
        switch context.whenOffline {
        case .attempt:
            break
        case .failFast:
            throw GraftError(.offline, message: "the network is offline; nothing was sent")
        case .waitForNetwork:
            do {
                try await monitor.waitUntilOnline()
            } catch {
                throw GraftError.cancelled(underlying: error)
            }
        }
        return try await next(request, context)
    }
}
