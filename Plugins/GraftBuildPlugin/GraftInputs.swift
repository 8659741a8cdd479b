import Foundation

/// The GraphQL inputs of a target and the `graft generate` arguments for them. (Shared by the
/// build and command plugins: each plugin folder holds a copy, as plugins cannot share code.)
struct GraftInputs {
    /// `.graphqls` / `.json` schema files.
    var schemas: [URL] = []
    /// `.graphql` operation files.
    var operations: [URL] = []
    /// The target's `graft.json`, if any.
    var config: URL?

    /// Sorts a target's files into inputs; a `graft.json` may add schema and operation paths
    /// (files or folders, relative to the config) from outside the target.
    init(files: [URL], targetDirectory: URL) throws {
        for file in files { classify(file) }
        if let config {
            for path in try GraftInputs.configuredPaths(config) { collect(path) }
        }
        schemas = Array(Set(schemas.map(\.standardizedFileURL))).sorted { $0.path < $1.path }
        operations = Array(Set(operations.map(\.standardizedFileURL))).sorted { $0.path < $1.path }
    }

    mutating func classify(_ file: URL) {
        switch file.pathExtension {
        case "graphqls": schemas.append(file)
        case "graphql": operations.append(file)
        case "json":
            if file.lastPathComponent == "graft.json" { config = file } else { schemas.append(file) }
        default: break
        }
    }

    /// Adds a file, or every GraphQL file under a folder.
    mutating func collect(_ url: URL) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else { return classify(url) }
        let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
        while let file = enumerator?.nextObject() as? URL {
            if file.lastPathComponent != "graft.json" { classify(file) }
        }
    }

    /// The `schema` and `operations` paths of a graft.json, resolved against its folder.
    static func configuredPaths(_ config: URL) throws -> [URL] {
        let text = try String(contentsOf: config, encoding: .utf8)
        // graft.json allows `//` line comments; drop them before JSONSerialization reads it.
        let json = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : String(line) }
            .joined(separator: "\n")
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return [] }
        let base = config.deletingLastPathComponent()
        var paths: [URL] = []
        for key in ["schema", "operations"] {
            let values = (object[key] as? [String]) ?? (object[key] as? String).map { [$0] } ?? []
            paths += values.map { URL(fileURLWithPath: $0, relativeTo: base).standardizedFileURL }
        }
        return paths
    }

    /// Every input file (what SwiftPM watches).
    var all: [URL] { schemas + operations + (config.map { [$0] } ?? []) }

    /// `graft generate` in per-input-file mode.
    func generateArguments(output: URL) -> [String] {
        var arguments = ["generate", "--per-input-file", "--output", output.path]
        if let config { arguments += ["--config", config.path] }
        for schema in schemas { arguments += ["--schema", schema.path] }
        for operation in operations { arguments += ["--operations", operation.path] }
        return arguments
    }

    /// The files `graft generate --per-input-file` writes: `<Name>.graphql.swift` per operation file
    /// and `GraftSchema.swift`.
    func outputFiles(in output: URL) -> [URL] {
        operations.map { output.appendingPathComponent($0.deletingPathExtension().lastPathComponent + ".graphql.swift") }
            + [output.appendingPathComponent("GraftSchema.swift")]
    }
}
