import Foundation

/// Runs the built `graft` executable (next to the test bundle in the build folder).
enum GraftExecutable {
    struct Result {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// The build products folder (it holds the test bundle, `graft` and the test helpers).
    static let products: URL = {
        var directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.pathExtension == "xctest" || ["MacOS", "Contents"].contains(directory.lastPathComponent) {
            directory = directory.deletingLastPathComponent()
        }
        if !FileManager.default.fileExists(atPath: directory.appendingPathComponent("graft").path) {
            directory = Bundle.main.bundleURL.deletingLastPathComponent()
        }
        return directory
    }()

    static let url: URL = products.appendingPathComponent("graft")

    /// Runs `graft` with arguments in the package root.
    /// Runs `graft` on a thread of its own: waiting for a process must not block the few threads
    /// of Swift's shared concurrency pool that every other test needs.
    static func run(_ arguments: [String], executable: String = "graft") async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Swift.Result { try runBlocking(arguments, executable: executable) }) }.start()
        }
    }

    static func runBlocking(_ arguments: [String], executable: String = "graft") throws -> Result {
        let process = Process()
        process.executableURL = products.appendingPathComponent(executable)
        process.arguments = arguments
        process.currentDirectoryURL = TestServer.packageRoot
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
                      standardError: String(decoding: errorData, as: UTF8.self))
    }
}
