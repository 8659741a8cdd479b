// graft-netlink-helper
//
// Used by GraftTests' netlink monitor test (not a product), run inside a network namespace of its
// own (`unshare -n`, with loopback up: Foundation's Process needs it): starts a NetlinkNetworkMonitor, prints its status, then adds a veth link
// with an address, waits for the monitor to say online, removes the address, waits for offline,
// printing each status it saw. Exits 1 (with the reason) when a status does not come within 20 s.
import Foundation
import Graft

func ip(_ arguments: String...) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/sbin/ip")
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw GraftError(.transport, message: "ip \(arguments.joined(separator: " ")) failed") }
}

func wait(for wanted: Bool, _ monitor: NetlinkNetworkMonitor) async throws {
    for await status in monitor.statuses() where status.isSatisfied == wanted { return }
    throw CancellationError()
}

do {
    let monitor = try NetlinkNetworkMonitor()
    print("start \(monitor.status.isSatisfied ? "online" : "offline")")
    try ip("link", "add", "graft0", "type", "veth", "peer", "name", "graft1")
    try ip("link", "set", "graft0", "up")
    try ip("addr", "add", "10.99.0.1/24", "dev", "graft0")
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await wait(for: true, monitor) }
        group.addTask { try await Task.sleep(for: .seconds(20)); throw GraftError(.timedOut, message: "online never came") }
        try await group.next()
        group.cancelAll()
    }
    print("added online")
    try ip("addr", "del", "10.99.0.1/24", "dev", "graft0")
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await wait(for: false, monitor) }
        group.addTask { try await Task.sleep(for: .seconds(20)); throw GraftError(.timedOut, message: "offline never came") }
        try await group.next()
        group.cancelAll()
    }
    print("removed offline")
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
