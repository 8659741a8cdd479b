import Foundation

/// The compiler of the toolchain running the tests, for tests that compile Swift themselves.
public enum Toolchain {
    /// The `swiftc` of the toolchain running the tests, in its toolchain's `bin` folder (so the
    /// toolchain's `lib` lies beside it), and the arguments that go before its own: on Linux the
    /// first on `PATH`, followed through links named `swiftc`; on macOS the one `xcrun` finds, with
    /// the SDK `xcrun` names.
    public static func swiftc() throws -> (URL, [String]) {
        #if os(macOS)
        func xcrun(_ arguments: String...) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/xcrun")
            process.arguments = arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return (URL(fileURLWithPath: try xcrun("--find", "swiftc")), ["-sdk", try xcrun("--show-sdk-path")])
        #else
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            var candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            guard FileManager.default.isExecutableFile(atPath: candidate.path) else { continue }
            // swiftc is a link to swift-driver, which must be run by the name swiftc.
            while let target = try? FileManager.default.destinationOfSymbolicLink(atPath: candidate.path) {
                let next = URL(fileURLWithPath: target, relativeTo: candidate.deletingLastPathComponent()).standardizedFileURL
                guard next.lastPathComponent == "swiftc" else { break }
                candidate = next
            }
            return (candidate.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent("swiftc"), [])
        }
        throw ToolchainError(message: "no swiftc on PATH")
        #endif
    }
}

/// The toolchain could not be found.
public struct ToolchainError: Error, CustomStringConvertible {
    public let message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
