import Foundation
import GraftCodegen
import Testing

/// `OutputWriter` replaces a changed file through a temporary file renamed over it, and leaves no
/// temporary file behind, written or failed.
@Suite struct OutputWriterTests {
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("graft-output-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aChangedFileIsReplacedAndNothingElseIsLeft() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try OutputWriter.write([GeneratedFile(path: "Operations/A.graphql.swift", contents: "one\n"),
                                            GeneratedFile(path: "B.swift", contents: "two\n")], to: folder)
        #expect(first.written == ["Operations/A.graphql.swift", "B.swift"])
        let second = try OutputWriter.write([GeneratedFile(path: "Operations/A.graphql.swift", contents: "three\n"),
                                             GeneratedFile(path: "B.swift", contents: "two\n")], to: folder)
        #expect(second.written == ["Operations/A.graphql.swift"] && second.unchanged == 1)
        #expect(try String(contentsOfFile: folder + "/Operations/A.graphql.swift", encoding: .utf8) == "three\n")
        #expect(FileManager.default.subpaths(atPath: folder)?.sorted() == ["B.swift", "Operations", "Operations/A.graphql.swift"])
    }

    @Test func aFileThatCannotTakeThePlaceIsAnErrorAndLeavesNoTemporaryFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A folder where the file goes: the rename fails.
        try FileManager.default.createDirectory(atPath: folder + "/A.swift", withIntermediateDirectories: true)
        #expect {
            try OutputWriter.write([GeneratedFile(path: "A.swift", contents: "one\n")], to: folder)
        } throws: { error in
            "\(error)".hasPrefix("cannot write '\(folder)/A.swift': ") && "\(error)".contains("directory")
        }
        #expect(FileManager.default.subpaths(atPath: folder) == ["A.swift"])
    }
}
