import Foundation
import GraftTestSupport

/// Typechecks articles' Swift blocks in one `swiftc -typecheck` run against the modules this test
/// target was built with (`Graft`, `GraftWebSocket`, `GraftSQLite`, `GraftTesting` and the golden
/// generated modules such as `CourseCatalogAPI` and `StarWarsAPI`), each block a file of its own
/// (``ArticleCodeBlock/swiftFile(namespace:)``).
enum ArticleCompiler {
    /// The documentation catalog, relative to the repository root.
    static let catalog = "Sources/Graft/Graft.docc"

    /// Every Swift block of the catalog's articles, article by article in name order.
    static func catalogBlocks() throws -> [ArticleCodeBlock] {
        let folder = Repository.url(catalog)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.sorted()
        return try names.flatMap { name in
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            return ArticleCodeBlock.blocks(in: text, article: "\(catalog)/\(name)")
        }
    }

    /// The outcome of one compiler run.
    struct Run: Sendable {
        let status: Int32
        let output: String
    }

    /// Typechecks `blocks` together (markers are the caller's business: every block given is compiled).
    static func typecheck(_ blocks: [ArticleCodeBlock]) async throws -> Run {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graft-articles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        for (index, block) in blocks.enumerated() {
            let article = URL(fileURLWithPath: block.article).deletingPathExtension().lastPathComponent
            let name = "DocBlock_\(article.filter { $0.isLetter || $0.isNumber })_\(index)"
            let file = folder.appendingPathComponent("\(name).swift")
            try block.swiftFile(namespace: name).write(to: file, atomically: true, encoding: .utf8)
            files.append(file.path)
        }
        let (swiftc, prefix) = try Toolchain.swiftc()
        let modules = try modulesFolder()
        var arguments = prefix + ["-typecheck", "-parse-as-library", "-swift-version", "6", "-module-name", "ArticleCode",
                                  "-I", modules.path]
        let cache = modules.deletingLastPathComponent().appendingPathComponent("ModuleCache")
        if FileManager.default.fileExists(atPath: cache.path) { arguments += ["-module-cache-path", cache.path] }
        for map in try systemLibraryModuleMaps() { arguments += ["-Xcc", "-fmodule-map-file=\(map.path)"] }
        return try await run(swiftc, arguments + files)
    }

    /// The folder of the built `.swiftmodule`s: `Modules` beside the test executable (SwiftPM's
    /// layout), else `.build/debug/Modules`.
    static func modulesFolder() throws -> URL {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("Modules"))
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("Modules"))
        }
        candidates.append(Repository.url(".build/debug/Modules"))
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Graft.swiftmodule").path) })
        else { throw ToolchainError(message: "no Graft.swiftmodule in \(candidates.map(\.path))") }
        return found
    }

    /// The module maps of the package's system library targets (`CCurl`, `CSQLite`), which the
    /// built modules import.
    static func systemLibraryModuleMaps() throws -> [URL] {
        let sources = Repository.url("Sources")
        return try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()
            .map { sources.appendingPathComponent($0).appendingPathComponent("module.modulemap") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Runs `executable` off the cooperative pool and collects its output.
    static func run(_ executable: URL, _ arguments: [String]) async throws -> Run {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                do {
                    let (status, output) = try ChildProcess.run(executable, arguments)
                    continuation.resume(returning: Run(status: status, output: output))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }
}
