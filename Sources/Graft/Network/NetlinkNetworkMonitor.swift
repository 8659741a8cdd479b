#if canImport(Glibc)
import Foundation
import Glibc

/// A ``NetworkMonitor`` for Linux: a netlink route socket reports links and addresses coming and
/// going, and after each report the status is read again from the interfaces (`getifaddrs`): the
/// network is usable when an interface other than loopback is up and has an IPv4 or IPv6 address.
public final class NetlinkNetworkMonitor: NetworkMonitor, @unchecked Sendable {
    private let manual: ManualNetworkMonitor
    private let socketDescriptor: Int32

    /// `struct sockaddr_nl` (linux/netlink.h), which Glibc's module does not export.
    private struct NetlinkAddress {
        var family = UInt16(AF_NETLINK)
        var pad: UInt16 = 0
        var pid: UInt32 = 0
        var groups: UInt32
    }

    /// RTMGRP_LINK, RTMGRP_IPV4_IFADDR and RTMGRP_IPV6_IFADDR (linux/rtnetlink.h).
    private static let groups: UInt32 = 0x1 | 0x10 | 0x100

    /// Opens the netlink socket and starts listening on a thread of its own.
    public init() throws {
        let descriptor = socket(AF_NETLINK, Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0 /* NETLINK_ROUTE */)
        guard descriptor >= 0 else {
            throw GraftError(.transport, message: "cannot open a netlink socket: \(String(cString: strerror(errno)))")
        }
        var address = NetlinkAddress(groups: Self.groups)
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<NetlinkAddress>.size))
            }
        }
        guard bound == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw GraftError(.transport, message: "cannot listen to netlink: \(reason)")
        }
        socketDescriptor = descriptor
        let manual = ManualNetworkMonitor(Self.readStatus())
        self.manual = manual
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while true {
                let count = recv(descriptor, &buffer, buffer.count, 0)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return }  // closed by deinit
                manual.set(Self.readStatus())
            }
        }
        thread.name = "graft.netlink-monitor"
        thread.start()
    }

    deinit {
        shutdown(socketDescriptor, Int32(SHUT_RDWR))
        close(socketDescriptor)
    }

    public var status: NetworkStatus { manual.status }
    public func statuses() -> AsyncStream<NetworkStatus> { manual.statuses() }

    /// Whether a non-loopback interface is up with an IPv4 or IPv6 address.
    static func readStatus() -> NetworkStatus {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return .offline }
        defer { freeifaddrs(first) }
        var current = first
        while let entry = current {
            let flags = Int32(entry.pointee.ifa_flags)
            let family = entry.pointee.ifa_addr.map { Int32($0.pointee.sa_family) }
            if flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0, family == AF_INET || family == AF_INET6 {
                return .online
            }
            current = entry.pointee.ifa_next
        }
        return .offline
    }
}
#endif
