import Foundation

/// A throwaway copy of `Examples/CourseCatalog` in a temporary folder: symlinks dereferenced
/// (the example links the repository's `Schemas/` and `Operations/` into its target, and the
/// tests edit the copies), its dependency on the Graft package pointed at this checkout by
/// absolute path, and `swift` commands run inside it.
struct ExamplePackage {
    /// This checkout (3 levels up from this file).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The temporary folder holding the copy.
    let scratch: URL
    /// The copied package's root.
    let root: URL

    /// Copies the example package (without any `.build` or `.swiftpm` folder it may have).
    init() throws {
        scratch = try Self.temporaryFolder()
        root = scratch.appendingPathComponent("CourseCatalog")
        try Self.copyDereferencingSymlinks(from: Self.repositoryRoot.appendingPathComponent("Examples/CourseCatalog"), to: root)
        let manifest = root.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let dependency = #".package(name: "Graft", path: "../..")"#
        guard text.contains(dependency) else { throw ExamplePackageError("Package.swift has no \(dependency)") }
        let absolute = #".package(name: "Graft", path: "\#(Self.repositoryRoot.path)")"#
        try text.replacingOccurrences(of: dependency, with: absolute).write(to: manifest, atomically: true, encoding: .utf8)
    }

    /// A package already laid out at `root` inside the temporary folder `scratch`.
    init(scratch: URL, root: URL) {
        self.scratch = scratch
        self.root = root
    }

    /// A new temporary folder (its real path: SwiftPM reports files under the real path).
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graft-plugin-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.resolvingSymlinksInPath()
    }

    /// Removes the temporary folder, and the lock files SwiftPM leaves beside it in the temporary
    /// directory (named after the package's path, with `_` for `/`).
    func delete() {
        let manager = FileManager.default
        try? manager.removeItem(at: scratch)
        let prefix = scratch.path.replacingOccurrences(of: "/", with: "_")
        let temporary = manager.temporaryDirectory
        for name in (try? manager.contentsOfDirectory(atPath: temporary.path)) ?? [] where name.hasPrefix(prefix) {
            try? manager.removeItem(at: temporary.appendingPathComponent(name))
        }
    }

    /// `cp -RL`: copies a folder, replacing each symlink with a copy of what it points to.
    static func copyDereferencingSymlinks(from source: URL, to destination: URL) throws {
        let manager = FileManager.default
        let resolved = source.resolvingSymlinksInPath()
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: resolved.path, isDirectory: &isDirectory) else {
            throw ExamplePackageError("cannot copy \(source.path): no such file or directory")
        }
        guard isDirectory.boolValue else {
            try manager.copyItem(at: resolved, to: destination)
            return
        }
        try manager.createDirectory(at: destination, withIntermediateDirectories: true)
        for name in try manager.contentsOfDirectory(atPath: resolved.path) where name != ".build" && name != ".swiftpm" {
            try copyDereferencingSymlinks(from: source.appendingPathComponent(name), to: destination.appendingPathComponent(name))
        }
    }

    // MARK: Running swift

    /// What a command printed (standard output and error interleaved, as a terminal shows them),
    /// its exit status and how long it took.
    struct Run {
        /// The command line, for messages.
        let command: String
        /// The exit status.
        let status: Int32
        /// Standard output and standard error, interleaved.
        let output: String
        /// Wall time in seconds.
        let seconds: Double

        /// The output's lines.
        var lines: [String] { output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }

    /// Runs `swift <arguments>` (the `swift` on `PATH`, the toolchain running these tests) in the
    /// package, with plain non-verbose output (a pipe, not a terminal).
    @discardableResult
    func swift(_ arguments: String...) async throws -> Run {
        try await run(URL(fileURLWithPath: "/usr/bin/env"), ["swift"] + arguments)
    }

    /// Runs an executable in the package folder, waiting for it on a thread of its own: blocking
    /// a thread of Swift concurrency's small shared pool would stall the tests running beside it.
    func run(_ executable: URL, _ arguments: [String] = []) async throws -> Run {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try runBlocking(executable, arguments) }) }.start()
        }
    }

    /// Runs an executable in the package folder and waits for it.
    private func runBlocking(_ executable: URL, _ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = root
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let start = Date()
        try process.run()
        // Read before waiting, so a full pipe cannot block the child.
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let command = ([executable.lastPathComponent] + arguments).joined(separator: " ")
        let run = Run(command: command, status: process.terminationStatus,
                      output: String(decoding: data, as: UTF8.self), seconds: Date().timeIntervalSince(start))
        print("PluginTests: `\(run.command)` exited \(run.status) after \(String(format: "%.1f", run.seconds)) s")
        return run
    }

    // MARK: Files

    /// A path inside the package.
    func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// Writes a text file inside the package.
    func write(_ text: String, to relative: String) throws {
        let file = url(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    /// Reads a text file inside the package.
    func read(_ relative: String) throws -> String {
        try String(contentsOf: url(relative), encoding: .utf8)
    }

    /// Removes a file or folder inside the package.
    func remove(_ relative: String) throws {
        try FileManager.default.removeItem(at: url(relative))
    }

    /// The build plugin's output folder for the API target:
    /// `.build/plugins/outputs/<package>/CourseCatalogAPI/destination/GraftBuildPlugin/GraftGenerated`.
    func buildPluginOutput() throws -> URL {
        let outputs = url(".build/plugins/outputs")
        for package in try FileManager.default.contentsOfDirectory(atPath: outputs.path) {
            let folder = outputs.appendingPathComponent("\(package)/CourseCatalogAPI/destination/GraftBuildPlugin/GraftGenerated")
            if FileManager.default.fileExists(atPath: folder.path) { return folder }
        }
        throw ExamplePackageError("no GraftGenerated folder under \(outputs.path)")
    }

    /// The files of a folder (not recursive) by name, with their contents.
    static func contents(of folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            result[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return result
    }

    /// The modification dates of a folder's files, by name.
    static func modificationDates(in folder: URL) throws -> [String: Date] {
        var result: [String: Date] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            result[name] = attributes[.modificationDate] as? Date
        }
        return result
    }
}

/// A failure preparing or inspecting the example package.
struct ExamplePackageError: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String
    init(_ description: String) { self.description = description }
}
