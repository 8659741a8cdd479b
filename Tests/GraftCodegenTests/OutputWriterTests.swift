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

    /// A run killed between creating a temporary and renaming it leaves `<file>.graft-<pid>`; the
    /// next run removes it once that process is gone, and leaves a running process's alone.
    @Test func aTemporaryLeftByAProcessThatIsGoneIsRemoved() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/sh")
        finished.arguments = ["-c", "exit 0"]
        try finished.run()
        finished.waitUntilExit()
        try FileManager.default.createDirectory(atPath: folder + "/Operations", withIntermediateDirectories: true)
        let stale = "Operations/A.graphql.swift.graft-\(finished.processIdentifier)"
        let running = "B.swift.graft-\(getppid())"
        let unrelated = "notes.graft-12"
        for name in [stale, running, unrelated] {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("part".utf8)))
        }
        let summary = try OutputWriter.write([GeneratedFile(path: "Operations/A.graphql.swift", contents: "one\n")], to: folder)
        #expect(summary.removed == [stale])
        #expect(FileManager.default.subpaths(atPath: folder)?.sorted()
                == [running, "Operations", "Operations/A.graphql.swift", unrelated].sorted())
    }
}
