import Foundation

/// The GraphQL inputs of a target and the `graft generate` arguments for them.
///
/// Shared by the build and command plugins. Plugins cannot share code, so each plugin folder
/// holds a copy of this file; the two copies are identical (`PluginSourceTests` checks it), so
/// both plugins find the same inputs and pass `graft` the same arguments.
struct GraftInputs {
    /// Schema paths: the target's `.graphqls` files and introspection `.json` files, then the
    /// `schema` entries of `graft.json` as written there (files or folders; `graft` expands folders).
    var schemas: [URL] = []
    /// Every file under the schema paths, what SwiftPM watches for changes.
    var schemaFiles: [URL] = []
    /// `.graphql` operation files: the target's, then those under the `operations` entries of `graft.json`.
    var operations: [URL] = []
    /// The target's `graft.json`, if any.
    var config: URL?
    /// Whether `graft.json` asks for a persisted-query manifest.
    var wantsManifest = false

    /// Sorts a target's files into inputs and adds the schema and operation paths of its
    /// `graft.json` (relative to that file; they may lie outside the target).
    init(files: [URL]) throws {
        for file in files { classify(file) }
        if let config {
            let settings = try GraftInputs.settings(config)
            wantsManifest = settings.manifest
            for path in settings.schema {
                schemas.append(path)
                schemaFiles += GraftInputs.files(under: path) { ["graphqls", "graphql", "json"].contains($0.pathExtension.lowercased()) }
            }
            for path in settings.operations {
                operations += GraftInputs.files(under: path) { $0.pathExtension == "graphql" }
            }
        }
        schemas = GraftInputs.unique(schemas)
        schemaFiles = GraftInputs.unique(schemaFiles)
        operations = GraftInputs.unique(operations)
    }

    /// A file of the target: `.graphqls` is schema, `.json` holding `"__schema"` is an
    /// introspection result, `.graphql` is operations, `graft.json` the configuration.
    mutating func classify(_ file: URL) {
        switch file.pathExtension {
        case "graphqls":
            schemas.append(file)
            schemaFiles.append(file)
        case "graphql":
            operations.append(file)
        case "json" where file.lastPathComponent == "graft.json":
            config = file
        case "json" where GraftInputs.isIntrospectionResult(file):
            schemas.append(file)
            schemaFiles.append(file)
        default:
            break
        }
    }

    /// Every input file (what SwiftPM watches).
    var all: [URL] { schemaFiles + operations + (config.map { [$0] } ?? []) }

    /// `graft generate` in per-input-file mode, writing into `output` (and the manifest, when
    /// `graft.json` asks for one, to `manifest` if given, else where `graft.json` says).
    func generateArguments(output: URL, manifest: URL? = nil) -> [String] {
        var arguments = ["generate", "--per-input-file", "--output", output.path]
        if let config { arguments += ["--config", config.path] }
        if wantsManifest, let manifest { arguments += ["--persisted-query-manifest", manifest.path] }
        for schema in schemas { arguments += ["--schema", schema.path] }
        for operation in operations { arguments += ["--operations", operation.path] }
        return arguments
    }

    /// `Queries.graphql` → `Queries.graphql.swift`, the file `graft generate --per-input-file`
    /// writes for an operation file.
    static func outputName(_ operationFile: URL) -> String {
        operationFile.deletingPathExtension().lastPathComponent + ".graphql.swift"
    }

    /// The files `graft generate --per-input-file` writes: `<Name>.graphql.swift` per operation
    /// file and `GraftSchema.swift`.
    func outputFiles(in output: URL) -> [URL] {
        operations.map { output.appendingPathComponent(GraftInputs.outputName($0)) }
            + [output.appendingPathComponent("GraftSchema.swift")]
    }

    /// Operation files that share a name (in different folders) and so would share an output
    /// file, by output name.
    var clashingOperations: [(output: String, files: [URL])] {
        Dictionary(grouping: operations, by: GraftInputs.outputName)
            .filter { $0.value.count > 1 }
            .map { (output: $0.key, files: $0.value) }
            .sorted { $0.output < $1.output }
    }

    /// Files and folders named by a graft.json, resolved against its folder.
    struct Settings {
        var schema: [URL] = []
        var operations: [URL] = []
        var manifest = false
    }

    /// The `schema`, `operations` and `persistedQueryManifest` keys of a graft.json. A file that
    /// does not parse gives no paths: `graft` reports its errors with line and column.
    static func settings(_ config: URL) throws -> Settings {
        let data = try Data(contentsOf: config)
        guard let object = try? JSONSerialization.jsonObject(with: withoutComments(data)) as? [String: Any] else { return Settings() }
        let base = config.deletingLastPathComponent()
        func paths(_ key: String) -> [URL] {
            let values = (object[key] as? [String]) ?? (object[key] as? String).map { [$0] } ?? []
            return values.map { URL(fileURLWithPath: $0, relativeTo: base).standardizedFileURL }
        }
        return Settings(schema: paths("schema"), operations: paths("operations"),
                        manifest: object["persistedQueryManifest"] is String)
    }

    /// JSON with `//` comments (graft.json allows them outside strings) as plain JSON.
    static func withoutComments(_ data: Data) -> Data {
        var result: [UInt8] = []
        let bytes = [UInt8](data)
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                result.append(byte)
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    result.append(bytes[index + 1])
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            } else {
                if byte == UInt8(ascii: "\"") { inString = true }
                result.append(byte)
            }
            index += 1
        }
        return Data(result)
    }

    /// A file itself, or the files under a folder that `include` accepts.
    static func files(under url: URL, include: (URL) -> Bool) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [url] }
        var found: [URL] = []
        let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
        while let file = enumerator?.nextObject() as? URL {
            if include(file) { found.append(file) }
        }
        return found
    }

    /// Whether a `.json` file is an introspection result: `"__schema"` in its first 4 KB, the
    /// test `graft` applies to the JSON files of a schema folder.
    static func isIntrospectionResult(_ file: URL) -> Bool {
        // Mapped, so only the first pages are read (and no FileHandle API newer than the plugin's
        // deployment target on macOS is needed).
        guard let data = try? Data(contentsOf: file, options: .mappedIfSafe) else { return false }
        return String(decoding: data.prefix(4096), as: UTF8.self).contains("\"__schema\"")
    }

    /// Standardized, without duplicates, sorted by path.
    static func unique(_ urls: [URL]) -> [URL] {
        Array(Set(urls.map(\.standardizedFileURL))).sorted { $0.path < $1.path }
    }
}
