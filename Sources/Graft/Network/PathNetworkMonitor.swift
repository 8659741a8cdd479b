#if canImport(Network)
import Dispatch
import Network

/// A ``NetworkMonitor`` following `NWPathMonitor` (Apple platforms; written against its documented
/// API, not built on Linux, where no such monitor exists here yet: use ``ManualNetworkMonitor``).
public final class PathNetworkMonitor: NetworkMonitor, @unchecked Sendable {
    private let monitor = NWPathMonitor()
    private let manual = ManualNetworkMonitor()

    /// Starts monitoring the default path.
    public init() {
        monitor.pathUpdateHandler = { [manual] path in
            manual.set(NetworkStatus(isSatisfied: path.status == .satisfied, isExpensive: path.isExpensive,
                                     isConstrained: path.isConstrained))
        }
        monitor.start(queue: DispatchQueue(label: "graft.network-monitor"))
    }

    deinit { monitor.cancel() }

    public var status: NetworkStatus { manual.status }
    public func statuses() -> AsyncStream<NetworkStatus> { manual.statuses() }
}
#endif
