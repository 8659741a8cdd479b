import Foundation

/// Writes to standard output.
enum StandardOutput {
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }
}

/// Writes to standard error.
enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }
}

/// Reads whole files.
enum FileReader {
    /// The bytes of a file, or nil when it cannot be read.
    static func read(_ path: String) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return [UInt8](data)
    }
}
