import Foundation

/// A file that could not be read, and why ("no such file", "permission denied", "it is a folder"):
/// the one way every input of the compiler, code generator and CLI is read from disk.
public struct FileReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path as given.
    public let path: String
    /// Why it could not be read, in a few words.
    public let reason: String

    /// `path: cannot read file: reason`.
    public var description: String { "\(path): cannot read file: \(reason)" }

    /// The contents of the file at `path`.
    public static func read(_ path: String) throws(FileReadError) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw FileReadError(path: path, reason: reason(for: path, error))
        }
    }

    private static func reason(for path: String, _ error: any Error) -> String {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if !manager.fileExists(atPath: path, isDirectory: &isFolder) { return "no such file" }
        if isFolder.boolValue { return "it is a folder" }
        if !manager.isReadableFile(atPath: path) { return "permission denied" }
        return (error as NSError).localizedDescription
    }
}
