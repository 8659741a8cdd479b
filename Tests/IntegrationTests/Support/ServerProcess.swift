import Foundation

/// A running integration server process (Tests/IntegrationServer/server.py) and how to end it.
///
/// The server is started with `--exit-on-stdin-eof` and its standard input is a pipe that only
/// this process writes to: when the test process ends in any way (even a crash or SIGKILL),
/// the pipe closes and the server exits by itself. `terminate()` ends it explicitly.
final class ServerProcess: @unchecked Sendable {
    /// The GraphQL endpoint's origin, `http://127.0.0.1:<port>`.
    let baseURL: URL
    /// The server's process identifier.
    var processIdentifier: Int32 { process.processIdentifier }

    private let process: Process
    private let stdinPipe: Pipe
    private let lock = NSLock()
    private var terminated = false

    private init(process: Process, stdinPipe: Pipe, baseURL: URL) {
        self.process = process
        self.stdinPipe = stdinPipe
        self.baseURL = baseURL
    }

    /// Whether the process is still running.
    var isRunning: Bool { process.isRunning }

    /// Sends SIGTERM, waits up to two seconds, then SIGKILL. Safe to call more than once.
    func terminate() {
        lock.lock()
        defer { lock.unlock() }
        guard !terminated else { return }
        terminated = true
        try? stdinPipe.fileHandleForWriting.close()
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Starts `python server.py --port 0 --exit-on-stdin-eof` and waits for its `PORT=` line.
    /// Blocks the calling thread (call it off the cooperative pool).
    static func launch(python: URL, script: URL, logFile: URL, timeout: TimeInterval) throws -> ServerProcess {
        let process = Process()
        process.executableURL = python
        process.arguments = ["-u", script.path, "--host", "127.0.0.1", "--port", "0", "--exit-on-stdin-eof"]
        process.currentDirectoryURL = script.deletingLastPathComponent()
        let stdinPipe = Pipe()
        let stdoutPipe = Pipe()
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let log = try FileHandle(forWritingTo: logFile)
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = log
        try process.run()

        let reader = PortReader(handle: stdoutPipe.fileHandleForReading)
        guard let port = reader.waitForPort(timeout: timeout) else {
            process.terminate()
            process.waitUntilExit()
            let tail = (try? String(contentsOf: logFile, encoding: .utf8)).map { String($0.suffix(4000)) } ?? ""
            throw TestServerError.startFailed(
                "the server printed no PORT= line within \(Int(timeout)) s (exit status \(process.terminationStatus)). "
                    + "Log \(logFile.path):\n\(tail)")
        }
        return ServerProcess(process: process, stdinPipe: stdinPipe,
                             baseURL: URL(string: "http://127.0.0.1:\(port)")!)
    }
}

/// Reads the server's standard output on a thread of its own: first the `PORT=` line, then
/// everything else until end of file, so the pipe never fills up.
private final class PortReader: @unchecked Sendable {
    private let handle: FileHandle
    private let found = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var port: Int?

    init(handle: FileHandle) {
        self.handle = handle
        let thread = Thread { [self] in self.run() }
        thread.name = "IntegrationServer stdout"
        thread.start()
    }

    func waitForPort(timeout: TimeInterval) -> Int? {
        _ = found.wait(timeout: .now() + timeout)
        lock.lock()
        defer { lock.unlock() }
        return port
    }

    private func run() {
        var buffer = Data()
        var signalled = false
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            guard !signalled else { continue }
            buffer.append(chunk)
            let text = String(decoding: buffer, as: UTF8.self)
            for line in text.split(separator: "\n") where line.hasPrefix("PORT=") {
                if let value = Int(line.dropFirst("PORT=".count).trimmingCharacters(in: .whitespaces)) {
                    lock.lock()
                    port = value
                    lock.unlock()
                    signalled = true
                    found.signal()
                }
            }
        }
        if !signalled { found.signal() }
    }
}

/// Why the integration server could not be started.
enum TestServerError: Error, CustomStringConvertible {
    /// Installing the Python requirements failed.
    case installFailed(String)
    /// The server process did not come up.
    case startFailed(String)

    var description: String {
        switch self {
        case .installFailed(let detail): return "installing the integration server's requirements failed: \(detail)"
        case .startFailed(let detail): return "starting the integration server failed: \(detail)"
        }
    }
}
