import Foundation
import GraftTestSupport

/// Runs the built `graft` executable (it sits next to the test bundle in the build folder).
enum GraftTool {
    struct Result {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// The build products folder that holds the test bundle and `graft`.
    static let productsDirectory: URL = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        // On Darwin the test binary is inside Foo.xctest/Contents/MacOS.
        while directory.pathExtension == "xctest" || directory.lastPathComponent == "MacOS" || directory.lastPathComponent == "Contents" {
            directory = directory.deletingLastPathComponent()
        }
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent("graft").path) { return directory }
        return Bundle.main.bundleURL.deletingLastPathComponent()
    }()

    /// The package root.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `graft` with arguments in `directory` (the package root by default).
    /// Runs `graft` on a thread of its own: waiting for a process must not block the few threads
    /// of Swift's shared concurrency pool that every other test needs.
    static func run(_ arguments: [String], in directory: URL? = nil) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Swift.Result { try runBlocking(arguments, in: directory) }) }.start()
        }
    }

    static func runBlocking(_ arguments: [String], in directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("graft")
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read before waiting so large outputs cannot fill the pipe and block the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      standardOutput: String(decoding: outputData, as: UTF8.self),
                      standardError: String(decoding: errorData, as: UTF8.self))
    }

    /// Writes `text` to a new temporary file and returns its path.
    static func temporaryFile(_ text: String, name: String = "input.graphql") throws -> String {
        let directory = try TestFolders.make("graft-cli")
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}
