#if canImport(Glibc)
import Foundation
import Graft
import GraftTestSupport
import Testing

/// The Linux monitor against the kernel: in a network namespace of its own (where the machine
/// allows one), a veth link gaining an address makes the monitor say online, losing it offline.
@Suite(.timingSensitive) struct NetlinkNetworkMonitorTests {
    /// Runs a program; its exit status and standard output.
    static func run(_ path: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Why a namespace with a veth link cannot be made here, or nil when it can.
    static let namespaceUnavailable: String? = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
              FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip") else { return "no unshare or ip command" }
        let probe = run("/usr/bin/unshare", ["-n", "/usr/sbin/ip", "link", "add", "probe0", "type", "veth", "peer", "name", "probe1"])
        return probe.status == 0 ? nil : "cannot make a network namespace with a veth link here: \(probe.output)"
    }()

    static var helper: URL {
        var directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.pathExtension == "xctest" { directory = directory.deletingLastPathComponent() }
        return directory.appendingPathComponent("graft-netlink-helper")
    }

    @Test func readsTheHostsStatus() throws {
        let monitor = try NetlinkNetworkMonitor()
        // This machine reaches the package registries, so an interface other than loopback is up
        // with an address.
        #expect(monitor.status.isSatisfied)
    }

    @Test(.enabled(if: namespaceUnavailable == nil,
                   Comment(rawValue: "the netlink monitor test did not run: \(namespaceUnavailable ?? "")")))
    func seesALinkAndAnAddressComeAndGo() throws {
        // Loopback up first: Foundation's Process needs it inside the namespace.
        let result = Self.run("/usr/bin/timeout", ["120", "/usr/bin/unshare", "-n", "/bin/sh", "-c",
                                                   "/usr/sbin/ip link set lo up && exec \"$0\"", Self.helper.path])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == "start offline\nadded online\nremoved offline\n")
    }
}
#endif
