import Foundation

/// Writes generated files into the output folder: only files whose content changed are written,
/// and Swift files that carry the generator's marker but are no longer generated are removed.
public enum OutputWriter {
    /// What a write did.
    public struct Summary: Sendable, Hashable {
        /// Files written (new or changed), relative to the output folder.
        public var written: [String] = []
        /// How many files already had the right content.
        public var unchanged = 0
        /// Stale generated files removed, and temporaries abandoned by a killed run, relative to the
        /// output folder.
        public var removed: [String] = []
    }

    /// A file or folder that could not be written.
    public struct WriteError: Error, Sendable, CustomStringConvertible {
        /// What failed, with the path.
        public let description: String
    }

    /// Writes `files` under `folder` and removes stale generated files there, and temporaries a
    /// killed run left (`isAbandonedTemporary`). Nothing is written
    /// when a path is too long for the file system (the first of `pathProblems` is thrown).
    public static func write(_ files: [GeneratedFile], to folder: String) throws(WriteError) -> Summary {
        if let problem = pathProblems(files, in: folder).first { throw WriteError(description: problem) }
        let manager = FileManager.default
        var summary = Summary()
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw WriteError(description: "cannot create output folder '\(folder)': \(reason(error))")
        }
        var current: Set<String> = []
        for file in files {
            current.insert(file.path)
            let path = (folder as NSString).appendingPathComponent(file.path)
            let data = Data(file.contents.utf8)
            if manager.contents(atPath: path) == data {
                summary.unchanged += 1
                continue
            }
            do {
                try manager.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try replace(path, with: data)
            } catch {
                throw WriteError(description: "cannot write '\(path)': \(reason(error))")
            }
            summary.written.append(file.path)
        }
        let marker = Data(GeneratedFile.marker.utf8)
        for case let relative as String in manager.enumerator(atPath: folder) ?? FileManager.DirectoryEnumerator() {
            let path = (folder as NSString).appendingPathComponent(relative)
            if isAbandonedTemporary(relative) {
                guard (try? manager.removeItem(atPath: path)) != nil else { continue }
                summary.removed.append(relative)
                continue
            }
            guard relative.hasSuffix(".swift") && !current.contains(relative) else { continue }
            guard let handle = FileHandle(forReadingAtPath: path) else { continue }
            let head = handle.readData(ofLength: marker.count)
            try? handle.close()
            guard head == marker else { continue }
            do {
                try manager.removeItem(atPath: path)
            } catch {
                throw WriteError(description: "cannot remove stale file '\(path)': \(reason(error))")
            }
            summary.removed.append(relative)
            let parent = (path as NSString).deletingLastPathComponent
            if parent != folder, (try? manager.contentsOfDirectory(atPath: parent))?.isEmpty == true {
                try? manager.removeItem(atPath: parent)
            }
        }
        summary.removed.sort()
        return summary
    }

    /// Whether `relative` is a temporary `replace(_:with:)` made (`<file>.swift.graft-<pid>`) for a
    /// process that no longer runs: one killed between writing and renaming it. A running
    /// process's temporary (another `graft` writing the same folder) is left alone.
    private static func isAbandonedTemporary(_ relative: String) -> Bool {
        guard let range = relative.range(of: ".swift.graft-", options: .backwards),
              let pid = pid_t(relative[range.upperBound...]), pid > 0, pid != getpid() else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Why some of these files cannot be written, one message per file, checked before anything
    /// is written: a name component longer than the file system allows (NAME_MAX, 255 bytes on
    /// Linux and macOS, asked of the file system holding `folder`), or a whole path longer than
    /// PATH_MAX. Each message names the file and what produced it (`GeneratedFile.origin`).
    /// - Parameter others: further files the run writes (a persisted-query manifest), with their origins.
    public static func pathProblems(_ files: [GeneratedFile], in folder: String,
                                    others: [(path: String, origin: String)] = []) -> [String] {
        let nameLimit = nameLimit(for: folder)
        let pathLimit = Int(PATH_MAX) - 1  // PATH_MAX counts the terminating NUL
        var problems: [String] = []
        // A generated file's path is plain (no `.`, `..` or empty component): its full path is the
        // folder's, standardized once, and its own.
        let absoluteFolder = URL(fileURLWithPath: folder).standardizedFileURL.path
        var paths: [(path: String, origin: String?, plainAbsolute: String?)] = []
        for file in files {
            let components = file.path.split(separator: "/", omittingEmptySubsequences: false)
            let plain = !components.contains { $0.isEmpty || $0 == "." || $0 == ".." }
            paths.append(((folder as NSString).appendingPathComponent(file.path), file.origin,
                          plain ? (absoluteFolder as NSString).appendingPathComponent(file.path) : nil))
        }
        paths += others.map { ($0.path, $0.origin, nil) }
        for (path, origin, plainAbsolute) in paths {
            let from = origin.map { " (from \($0))" } ?? ""
            var shown: String {
                path.split(separator: "/", omittingEmptySubsequences: false).map { ConfigJSONReader.clipped(String($0)) }.joined(separator: "/")
            }
            if let long = path.split(separator: "/").first(where: { $0.utf8.count > nameLimit }) {
                problems.append("cannot write '\(shown)'\(from): the name '\(ConfigJSONReader.clipped(String(long)))' is "
                                + "\(long.utf8.count) bytes, more than the \(nameLimit) the file system allows; shorten it")
                continue
            }
            let absolute = plainAbsolute ?? URL(fileURLWithPath: path).standardizedFileURL.path
            if absolute.utf8.count > pathLimit {
                problems.append("cannot write '\(shown)'\(from): its full path is \(absolute.utf8.count) bytes, more than the "
                                + "\(pathLimit) the system allows; use a shorter output folder or shorter names")
            }
        }
        return problems
    }

    /// The longest file name (bytes) the file system holding `folder` (or its nearest existing
    /// ancestor) allows; NAME_MAX when it cannot say.
    private static func nameLimit(for folder: String) -> Int {
        var path = URL(fileURLWithPath: folder).standardizedFileURL.path
        while !FileManager.default.fileExists(atPath: path) && path != "/" {
            path = (path as NSString).deletingLastPathComponent
        }
        let limit = pathconf(path, Int32(_PC_NAME_MAX))
        return limit > 0 ? limit : Int(NAME_MAX)
    }

    /// Writes a text file unless it already has this content.
    public static func writeText(_ text: String, to path: String) throws(WriteError) -> Bool {
        let data = Data(text.utf8)
        if FileManager.default.contents(atPath: path) == data { return false }
        do {
            // A bare file name has no folder to make (and making "" fails).
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw WriteError(description: "cannot write '\(path)': \(reason(error))")
        }
        return true
    }

    /// Writes `data` to a new file beside `path` and renames it over `path`: a reader (a build
    /// running meanwhile) sees the old content or the new, never part of it. Unlike
    /// `Data.write(options: .atomic)` it does not wait for the disk (`fsync`) after each file, which
    /// cost seconds for a thousand files on a busy disk; a file lost to a power cut is generated again.
    static func replace(_ path: String, with data: Data) throws {
        /// The error `reason(_:)` turns into the system's message for `errno`.
        func failure() -> NSError {
            NSError(domain: NSCocoaErrorDomain, code: CocoaError.fileWriteUnknown.rawValue,
                    userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(errno))])
        }
        let temporary = path + ".graft-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure() }
        var error: (any Error)?
        do {
            try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).write(contentsOf: data)
        } catch let writeError {
            error = writeError
        }
        if close(descriptor) != 0 && error == nil { error = failure() }
        if error == nil && rename(temporary, path) != 0 { error = failure() }
        if let error {
            unlink(temporary)
            throw error
        }
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           let posix = POSIXErrorCode(rawValue: Int32(underlying.code)), underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(posix.rawValue))
        }
        return nsError.localizedDescription
    }
}
