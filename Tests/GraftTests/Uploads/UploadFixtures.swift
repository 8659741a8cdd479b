import Foundation

/// Files on disk for the upload tests (the operations are the example API's `AttachFilesToLesson`,
/// which carries files in a list, and in an input object as a file, an optional file and a list).
enum UploadFixtures {
    /// A new empty temporary folder, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graft-uploads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Writes `bytes` to `name` in `folder` and returns its URL.
    static func write(_ bytes: [UInt8], named name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }
}
