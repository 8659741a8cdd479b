import Foundation

/// The Strawberry integration server (Tests/IntegrationServer), shared by every test of the
/// process: started on first use on a free port of 127.0.0.1, stopped when the process exits.
///
/// Starting it first runs `.ci/install-integration-deps`, which creates the Python virtualenv
/// `.build/integration-venv` and installs the pinned requirements when they are missing, so a
/// fresh clone works. Set `GRAFT_TEST_SERVER_URL` (for example `http://127.0.0.1:8000`) to use a
/// server you started yourself instead.
///
/// ```swift
/// let base = try await TestServer.shared.baseURL()
/// ```
actor TestServer {
    /// The one server of this test process.
    static let shared = TestServer()

    /// How long the server may take to print its port (the first start imports a lot of Python).
    static let startTimeout: TimeInterval = 120

    /// The package root: this file is Tests/IntegrationTests/Support/TestServer.swift.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private var server: ServerProcess?
    private var starting: Task<ServerProcess, Error>?
    /// Why the first start failed; later calls fail the same way instead of installing again.
    private var failure: (any Error)?

    /// The server's origin (`http://127.0.0.1:<port>`); starts the server on first call.
    func baseURL() async throws -> URL {
        if let external = ProcessInfo.processInfo.environment["GRAFT_TEST_SERVER_URL"], !external.isEmpty,
           let url = URL(string: external) {
            return url
        }
        if let server, server.isRunning { return server.baseURL }
        if let starting { return try await starting.value.baseURL }
        if let failure { throw failure }
        let task = Task.detached { try await Self.start() }
        starting = task
        defer { starting = nil }
        let started: ServerProcess
        do {
            started = try await task.value
        } catch {
            failure = error
            throw error
        }
        server = started
        ServerRegistry.shared.register(started)
        return started.baseURL
    }

    /// The GraphQL endpoint, `<baseURL>/graphql`.
    func graphQLURL() async throws -> URL {
        try await baseURL().appendingPathComponent("graphql")
    }

    /// The server's process identifier, or nil when no server was started by this process.
    func processIdentifier() -> Int32? {
        server?.processIdentifier
    }

    /// Stops the server; the next `baseURL()` starts a new one.
    func stop() {
        server?.terminate()
        server = nil
    }

    private static func start() async throws -> ServerProcess {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try startBlocking() })
            }
        }
    }

    private static func startBlocking() throws -> ServerProcess {
        let root = packageRoot
        try installRequirements(root: root)
        let buildFolder = root.appendingPathComponent(".build")
        return try ServerProcess.launch(
            python: buildFolder.appendingPathComponent("integration-venv/bin/python"),
            script: root.appendingPathComponent("Tests/IntegrationServer/server.py"),
            logFile: buildFolder.appendingPathComponent("integration-server.log"),
            timeout: startTimeout)
    }

    /// Runs `.ci/install-integration-deps` (quick when the venv is already up to date).
    private static func installRequirements(root: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", root.appendingPathComponent(".ci/install-integration-deps").path]
        process.currentDirectoryURL = root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestServerError.installFailed(
                "exit status \(process.terminationStatus):\n" + String(decoding: data, as: UTF8.self))
        }
    }
}

/// Servers to terminate when the test process exits normally (a crash closes their stdin instead).
final class ServerRegistry: @unchecked Sendable {
    /// The registry of this process.
    static let shared = ServerRegistry()

    private let lock = NSLock()
    private var servers: [ServerProcess] = []
    private var hookInstalled = false

    /// Remembers a server and, the first time, installs the `atexit` hook.
    func register(_ server: ServerProcess) {
        lock.lock()
        defer { lock.unlock() }
        servers.append(server)
        if !hookInstalled {
            hookInstalled = true
            atexit { ServerRegistry.shared.terminateAll() }
        }
    }

    /// Terminates every registered server.
    func terminateAll() {
        lock.lock()
        let all = servers
        servers.removeAll()
        lock.unlock()
        for server in all { server.terminate() }
    }
}
