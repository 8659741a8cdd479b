import Foundation

/// Temporary folders for helpers that hand a path to a test with no scope to remove it in (a
/// project folder, a file for the CLI to read, a certificate a server keeps using). They live in
/// one folder per test process, `graft-tests-<pid>` in the temporary directory, removed when the
/// process exits; a process that died before its exit handlers ran leaves its folder, which the
/// next test process removes.
public enum TestFolders {
    /// A new, empty folder named `prefix-<UUID>`.
    public static func make(_ prefix: String) throws -> URL {
        let folder = try root().appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// This process's folder, made on first use, after removing those of processes that are gone.
    static func root() throws -> URL {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let manager = FileManager.default
        let temporary = manager.temporaryDirectory
        for name in (try? manager.contentsOfDirectory(atPath: temporary.path)) ?? [] where name.hasPrefix(prefix) {
            if let pid = Int32(name.dropFirst(prefix.count)), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                try? manager.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
        let folder = temporary.appendingPathComponent("\(prefix)\(getpid())")
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        made = folder
        atexit { TestFolders.removeRoot() }
        return folder
    }

    private static func removeRoot() {
        lock.lock()
        defer { lock.unlock() }
        if let made { try? FileManager.default.removeItem(at: made) }
    }

    private static let prefix = "graft-tests-"
    private static let lock = NSLock()
    nonisolated(unsafe) private static var made: URL?
}
