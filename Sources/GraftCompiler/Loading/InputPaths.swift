import Foundation

/// The paths a command names (`--schema`, `--operations`, graft.json), expanded into the files to
/// read: the one folder walk of schema and operation loading.
enum InputPaths {
    /// Each path as a file (kept as given) or, for a folder, the files `select` picks from all the
    /// folder's files (found recursively, sorted). A file reached twice (by its folder and by
    /// itself) is listed once; a path that does not exist is an error.
    static func expand(_ paths: [String], select: ([String]) -> [String]) -> (files: [String], errors: [GraphQLError]) {
        var files: [String] = []
        var errors: [GraphQLError] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                errors.append(GraphQLError("\(path): no such file or directory"))
                continue
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            var found: [String] = []
            for case let relative as String in manager.enumerator(atPath: path) ?? FileManager.DirectoryEnumerator() {
                found.append((path as NSString).appendingPathComponent(relative))
            }
            files.append(contentsOf: select(found.sorted()))
        }
        var seen: Set<String> = []
        return (files.filter { seen.insert(($0 as NSString).standardizingPath).inserted }, errors)
    }

    /// The contents of `file`, or nil after adding why it cannot be read to `errors`.
    static func read(_ file: String, errors: inout [GraphQLError]) -> Data? {
        do {
            return try FileReadError.read(file)
        } catch {
            errors.append(GraphQLError(error.description))
            return nil
        }
    }

    /// The file's extension, lower-cased (`graphqls`, `json`).
    static func fileExtension(_ path: String) -> String {
        (path as NSString).pathExtension.lowercased()
    }
}
