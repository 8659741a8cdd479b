import Foundation
import GraftCodegen

/// `GRAFT_UPDATE_GOLDEN=1`: rewrites a golden folder from a generation result, but never destroys
/// it. A failed generation writes nothing, and an update that would remove more than
/// `removalLimit` generated files is refused unless `GRAFT_UPDATE_GOLDEN_ALLOW_REMOVALS=1` asks
/// for it (a missing or broken input makes the generator produce few files or none, and the writer
/// removes every generated file it no longer produces).
enum GoldenUpdate {
    /// Removals allowed in one update without asking.
    static let removalLimit = 3

    /// Whether this test run updates golden files.
    static var isRequested: Bool { ProcessInfo.processInfo.environment["GRAFT_UPDATE_GOLDEN"] == "1" }
    /// Whether removing more than `removalLimit` files was asked for.
    static var removalsAllowed: Bool { ProcessInfo.processInfo.environment["GRAFT_UPDATE_GOLDEN_ALLOW_REMOVALS"] == "1" }

    /// What an update did.
    enum Outcome: Equatable {
        case written(OutputWriter.Summary)
        /// Nothing was written, for this reason.
        case refused(String)
    }

    /// Writes `result` into `folder` (its manifest to `manifestPath`, its mocks into `mockFolder`)
    /// unless that is unsafe.
    static func apply(_ result: CodeGenerator.Result, to folder: String, manifestPath: String? = nil, mockFolder: String? = nil,
                      allowRemovals: Bool = removalsAllowed) throws -> Outcome {
        if !result.errors.isEmpty || result.files.isEmpty {
            let errors = result.errors.map(\.description).joined(separator: "\n")
            return .refused("generation failed, golden files left as they are:\n" + (errors.isEmpty ? "no files generated" : errors))
        }
        let produced = Set(result.files.map(\.path))
        let removals = generatedFiles(in: folder).keys.filter { !produced.contains($0) }.sorted()
        if removals.count > removalLimit && !allowRemovals {
            return .refused("""
                the update would remove \(removals.count) generated files from \(folder) \
                (\(removals.prefix(5).joined(separator: ", "))\(removals.count > 5 ? ", ..." : "")); nothing was written. \
                If that is intended, run again with GRAFT_UPDATE_GOLDEN_ALLOW_REMOVALS=1.
                """)
        }
        let summary = try OutputWriter.write(result.files, to: folder)
        if let mockFolder { _ = try OutputWriter.write(result.mockFiles, to: mockFolder) }
        if let manifest = result.manifest, let manifestPath {
            _ = try OutputWriter.writeText(manifest.json, to: manifestPath)
        }
        return .written(summary)
    }

    /// The generated files now in a folder (files starting with the generator's marker), by relative path.
    static func generatedFiles(in folder: String) -> [String: String] {
        var result: [String: String] = [:]
        for case let relative as String in FileManager.default.enumerator(atPath: folder) ?? FileManager.DirectoryEnumerator()
        where relative.hasSuffix(".swift") {
            guard let data = FileManager.default.contents(atPath: folder + "/" + relative) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            if text.hasPrefix(GeneratedFile.marker) { result[relative] = text }
        }
        return result
    }
}
