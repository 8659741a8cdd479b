/// What the device's network can do now.
public struct NetworkStatus: Sendable, Hashable {
    /// Whether a route to the network is available.
    public var isSatisfied: Bool
    /// Whether the path is expensive (cellular, a personal hotspot).
    public var isExpensive: Bool
    /// Whether the path is constrained (Low Data Mode).
    public var isConstrained: Bool

    /// Creates a status.
    public init(isSatisfied: Bool, isExpensive: Bool = false, isConstrained: Bool = false) {
        self.isSatisfied = isSatisfied
        self.isExpensive = isExpensive
        self.isConstrained = isConstrained
    }

    /// A usable network.
    public static let online = NetworkStatus(isSatisfied: true)
    /// No network.
    public static let offline = NetworkStatus(isSatisfied: false)
}

/// Tells whether the network is usable, and when that changes. `ManualNetworkMonitor` is set by
/// the app (or a test); `PathNetworkMonitor` follows `NWPathMonitor` on Apple platforms.
public protocol NetworkMonitor: Sendable {
    /// The status now.
    var status: NetworkStatus { get }
    /// The status now, then every change, until the consuming task is cancelled.
    func statuses() -> AsyncStream<NetworkStatus>
}

extension NetworkMonitor {
    /// Returns when the network is usable (at once if it is); throws if the task is cancelled.
    public func waitUntilOnline() async throws {
        if status.isSatisfied { return }
        for await next in statuses() where next.isSatisfied { return }
        try Task.checkCancellation()
    }
}

/// A monitor whose status the app sets: for tests, and for apps that know better than the system
/// (a server they cannot reach, a user switch).
public final class ManualNetworkMonitor: NetworkMonitor, @unchecked Sendable {
    private let state: Locked<(status: NetworkStatus, observers: [Int: AsyncStream<NetworkStatus>.Continuation], next: Int)>

    /// Creates a monitor with a first status.
    public init(_ status: NetworkStatus = .online) {
        state = Locked((status, [:], 0))
    }

    public var status: NetworkStatus { state.withLock { $0.status } }

    /// Sets the status; observers see it when it differs from the current one.
    public func set(_ status: NetworkStatus) {
        let observers = state.withLock { state -> [AsyncStream<NetworkStatus>.Continuation] in
            guard state.status != status else { return [] }
            state.status = status
            return Array(state.observers.values)
        }
        for observer in observers { observer.yield(status) }
    }

    public func statuses() -> AsyncStream<NetworkStatus> {
        let (stream, continuation) = AsyncStream<NetworkStatus>.makeStream(bufferingPolicy: .bufferingNewest(8))
        let id = state.withLock { state -> Int in
            state.next += 1
            state.observers[state.next] = continuation
            continuation.yield(state.status)
            return state.next
        }
        continuation.onTermination = { [weak self] _ in self?.state.withLock { _ = $0.observers.removeValue(forKey: id) } }
        return stream
    }
}
