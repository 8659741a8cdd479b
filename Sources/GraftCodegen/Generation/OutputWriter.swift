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
        /// Stale generated files removed, relative to the output folder.
        public var removed: [String] = []
    }

    /// A file or folder that could not be written.
    public struct WriteError: Error, Sendable, CustomStringConvertible {
        /// What failed, with the path.
        public let description: String
    }

    /// Writes `files` under `folder` and removes stale generated files there.
    public static func write(_ files: [GeneratedFile], to folder: String) throws(WriteError) -> Summary {
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
                try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw WriteError(description: "cannot write '\(path)': \(reason(error))")
            }
            summary.written.append(file.path)
        }
        let marker = Data(GeneratedFile.marker.utf8)
        for case let relative as String in manager.enumerator(atPath: folder) ?? FileManager.DirectoryEnumerator()
        where relative.hasSuffix(".swift") && !current.contains(relative) {
            let path = (folder as NSString).appendingPathComponent(relative)
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

    /// Writes a text file unless it already has this content.
    public static func writeText(_ text: String, to path: String) throws(WriteError) -> Bool {
        let data = Data(text.utf8)
        if FileManager.default.contents(atPath: path) == data { return false }
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw WriteError(description: "cannot write '\(path)': \(reason(error))")
        }
        return true
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
