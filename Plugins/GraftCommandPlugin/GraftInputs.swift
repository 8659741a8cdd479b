import Foundation

/// The GraphQL inputs of a target and the `graft generate` arguments for them.
///
/// Shared by the build and command plugins. Plugins cannot share code, so each plugin folder
/// holds a copy of this file; the two copies are identical (`PluginSourceTests` checks it), so
/// both plugins find the same inputs and pass `graft` the same arguments.
struct GraftInputs {
    /// Schema paths: the target's `.graphqls` files, `.graphql` files of type definitions and
    /// introspection `.json` files, then the `schema` entries of `graft.json` as written there (files
    /// or folders; `graft` expands folders).
    var schemas: [URL] = []
    /// Every file under the schema paths, what SwiftPM watches for changes.
    var schemaFiles: [URL] = []
    /// `.graphql` operation files: the target's, then those under the `operations` entries of `graft.json`.
    var operations: [URL] = []
    /// The target's `graft.json`, if any.
    var config: URL?
    /// The target's files that are none of the above and not Swift or C-family sources (named when
    /// no schema is found, as the schema may be among them).
    var otherFiles: [URL] = []
    /// Whether `graft.json` asks for a persisted-query manifest.
    var wantsManifest = false
    /// Whether the target holds the schema alone: its `graft.json` says `"operations": []`, names
    /// no `schemaModule`, and the target has no operation file. It generates the schema types and
    /// `SchemaMetadata` for the modules that depend on it (`graft generate --schema-only`).
    var isSchemaModule = false
    /// The `schemaModule` its `graft.json` names, if any.
    var declaredSchemaModule: String?
    /// Files under the `usedBy` entries of `graft.json` (a schema module of `"schemaTypes": "used"`
    /// reads them for the types its dependents use), watched so a change regenerates it.
    var usedByFiles: [URL] = []
    /// Whether its graft.json says `"schemaTypes": "used"`: a schema module that declares only the
    /// types of the modules in its `usedBy`.
    var declaresUsedTypesOnly = false
    /// `fileBuckets` of `graft.json`: how many `GraftBucket-<n>.graphql.swift` files hold the
    /// operations and fragments instead of one file per operation file; nil for none.
    var fileBuckets: Int?
    /// The module declaring the schema types, which this one imports (`--schema-module`); set by
    /// `link(_:in:)` from the target's dependencies.
    var schemaModule: String?
    /// The modules this one depends on whose fragments it may spread, with their operation files
    /// (`--upstream`), by module name; set by `link(_:in:)`.
    var upstream: [(module: String, files: [URL])] = []

    /// Sorts a target's files into inputs and adds the schema and operation paths of its
    /// `graft.json` (relative to that file; they may lie outside the target).
    init(files: [URL]) throws {
        for file in files { classify(file) }
        if let config {
            let settings = try GraftInputs.settings(config)
            wantsManifest = settings.manifest
            declaredSchemaModule = settings.schemaModule
            fileBuckets = settings.fileBuckets
            isSchemaModule = settings.noOperations && settings.schemaModule == nil && operations.isEmpty
            declaresUsedTypesOnly = settings.usedTypesOnly
            for path in settings.usedBy {
                usedByFiles += GraftInputs.files(under: path) { $0.pathExtension == "graphql" }
            }
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
        otherFiles = GraftInputs.unique(otherFiles)
        usedByFiles = GraftInputs.unique(usedByFiles)
    }

    /// Whether the target has something to generate: operations, or the schema of a schema module.
    var generates: Bool { !operations.isEmpty || isSchemaModule }

    /// A file of the target: `.graphqls` is schema, `.json` holding `"__schema"` is an
    /// introspection result, `.graphql` is operations unless its first definition is a type-system
    /// definition (a schema saved as `.graphql`, as GitHub publishes `schema.docs.graphql`), and
    /// `graft.json` is the configuration.
    mutating func classify(_ file: URL) {
        switch file.pathExtension {
        case "graphqls":
            schemas.append(file)
            schemaFiles.append(file)
        case "graphql" where GraftInputs.startsWithTypeSystemDefinition(file):
            schemas.append(file)
            schemaFiles.append(file)
        case "graphql":
            operations.append(file)
        case "json" where file.lastPathComponent == "graft.json":
            config = file
        case "json" where GraftInputs.isIntrospectionResult(file):
            schemas.append(file)
            schemaFiles.append(file)
        case let other where !GraftInputs.sourceExtensions.contains(other):
            otherFiles.append(file)
        default:
            break
        }
    }

    /// Extensions of the sources a Swift package target compiles, left out of `otherFiles`.
    static let sourceExtensions: Set<String> = ["swift", "c", "cc", "cpp", "cxx", "m", "mm", "h", "hh", "hpp", "s", "S"]

    /// Why a target with operations cannot be generated when none of its files is a schema and no
    /// `graft.json` names one (`graft` would otherwise look in its default `Schemas/` folder, beside
    /// wherever the build runs): the target, the files seen and what to change; nil when there is
    /// a schema. Paths are relative to `directory`, the target's folder.
    func missingSchemaMessage(target: String, directory: URL) -> String? {
        guard schemas.isEmpty, generates else { return nil }
        func list(_ files: [URL]) -> String {
            let limit = 10
            let names = files.prefix(limit).map { relative($0, to: directory) }.joined(separator: ", ")
            return files.count > limit ? names + " and \(files.count - limit) more" : names
        }
        let listed = "operations " + list(operations) + (otherFiles.isEmpty ? "" : "; others " + list(otherFiles))
        let configuration = config.map { "its \(relative($0, to: directory)) names no \"schema\"" } ?? "it has no graft.json"
        return "target '\(target)' has no GraphQL schema: none of its files is a .graphqls file, a .graphql file of type "
            + "definitions or an introspection result (.json holding \"__schema\"), and \(configuration). Files seen: \(listed). "
            + "Rename the schema file to end in .graphqls (for example schema.graphqls), or add to the target a graft.json "
            + "with \"schema\": [\"<path to the schema, relative to graft.json>\"]."
    }

    /// `file`'s path inside `directory`, else its whole path.
    private func relative(_ file: URL, to directory: URL) -> String {
        let folder = directory.standardizedFileURL.path + "/"
        let path = file.standardizedFileURL.path
        return path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
    }

    /// Every input file (what SwiftPM watches): the upstream modules' operation files too, so
    /// editing an upstream fragment regenerates this module.
    var all: [URL] { schemaFiles + operations + (config.map { [$0] } ?? []) + usedByFiles + upstream.flatMap(\.files) }

    /// `graft generate` in per-input-file mode, writing into `output` (and the manifest, when
    /// `graft.json` asks for one, to `manifest` if given, else where `graft.json` says). The
    /// bucket count is passed, not left to `graft.json`: SwiftPM keeps a build command (its
    /// arguments and declared outputs) until the target's files change, so a later edit of
    /// `fileBuckets` must not make `graft` write other files than those declared.
    func generateArguments(output: URL, manifest: URL? = nil) -> [String] {
        var arguments = ["generate", "--per-input-file", "--output", output.path, "--file-buckets", fileBuckets.map(String.init) ?? "none"]
        if let config { arguments += ["--config", config.path] }
        if wantsManifest, let manifest { arguments += ["--persisted-query-manifest", manifest.path] }
        for schema in schemas { arguments += ["--schema", schema.path] }
        for operation in operations { arguments += ["--operations", operation.path] }
        if isSchemaModule { arguments.append("--schema-only") }
        if let schemaModule { arguments += ["--schema-module", schemaModule] }
        for (module, files) in upstream {
            for file in files { arguments += ["--upstream", "\(module)=\(file.path)"] }
        }
        return arguments
    }

    /// `Queries.graphql` → `Queries.graphql.swift`, the file `graft generate --per-input-file`
    /// writes for an operation file.
    static func outputName(_ operationFile: URL) -> String {
        operationFile.deletingPathExtension().lastPathComponent + ".graphql.swift"
    }

    /// The files `graft generate --per-input-file` writes: `<Name>.graphql.swift` per operation
    /// file, or with `fileBuckets` `GraftBucket-1.graphql.swift` ... `GraftBucket-<N>.graphql.swift`
    /// (every one, even a schema module's, which are empty), and `GraftSchema.swift`.
    func outputFiles(in output: URL) -> [URL] {
        let generated = fileBuckets.map { count in (1...count).map { "GraftBucket-\($0).graphql.swift" } }
            ?? operations.map(GraftInputs.outputName)
        return generated.map { output.appendingPathComponent($0) } + [output.appendingPathComponent("GraftSchema.swift")]
    }

    /// Where the command plugin writes for a target without a folder of its own (an Xcode target):
    /// `Generated/` beside the target's `graft.json`, else in the deepest folder holding all of the
    /// target's own GraphQL inputs (those among `files`, the target's files: inputs that `graft.json`
    /// names elsewhere do not count); nil when the target has none.
    func generatedFolder(targetFiles files: [URL]) -> URL? {
        if let config { return config.deletingLastPathComponent().appendingPathComponent("Generated") }
        let own = Set(files.map(\.standardizedFileURL))
        let folders = all.filter(own.contains).map { $0.deletingLastPathComponent().pathComponents }
        guard var common = folders.first else { return nil }
        for folder in folders.dropFirst() {
            common = Array(zip(common, folder).prefix { $0.0 == $0.1 }.map(\.0))
        }
        let path = common.first == "/" ? "/" + common.dropFirst().joined(separator: "/") : common.joined(separator: "/")
        return URL(fileURLWithPath: path, isDirectory: true).appendingPathComponent("Generated")
    }

    /// Operation files that share a name (in different folders) and so would share an output
    /// file, by output name; none with `fileBuckets`, where they name no file.
    var clashingOperations: [(output: String, files: [URL])] {
        guard fileBuckets == nil else { return [] }
        return Dictionary(grouping: operations, by: GraftInputs.outputName)
            .filter { $0.value.count > 1 }
            .map { (output: $0.key, files: $0.value) }
            .sorted { $0.output < $1.output }
    }

    /// Files and folders named by a graft.json, resolved against its folder, and the keys of a
    /// modular app.
    struct Settings {
        var schema: [URL] = []
        var operations: [URL] = []
        var manifest = false
        /// `"operations": []`, written out: a schema module.
        var noOperations = false
        var schemaModule: String?
        var usedBy: [URL] = []
        /// `"schemaTypes": "used"`.
        var usedTypesOnly = false
        /// A whole number from 1 to 1000 (`GraftConfiguration.maxFileBuckets`), else nil: `graft`
        /// reports any other value with its line and column.
        var fileBuckets: Int?
    }

    /// The `schema`, `operations`, `persistedQueryManifest`, `schemaModule`, `usedBy`, `schemaTypes` and `fileBuckets` keys of a
    /// graft.json. A file that does not parse gives no paths: `graft` reports its errors with line
    /// and column.
    static func settings(_ config: URL) throws -> Settings {
        let data = try Data(contentsOf: config)
        guard let object = try? JSONSerialization.jsonObject(with: withoutComments(data)) as? [String: Any] else { return Settings() }
        let base = config.deletingLastPathComponent()
        func paths(_ key: String) -> [URL] {
            let values = (object[key] as? [String]) ?? (object[key] as? String).map { [$0] } ?? []
            return values.map { URL(fileURLWithPath: $0, relativeTo: base).standardizedFileURL }
        }
        return Settings(schema: paths("schema"), operations: paths("operations"),
                        manifest: object["persistedQueryManifest"] is String,
                        noOperations: (object["operations"] as? [Any])?.isEmpty == true,
                        schemaModule: object["schemaModule"] as? String, usedBy: paths("usedBy"),
                        usedTypesOnly: object["schemaTypes"] as? String == "used",
                        fileBuckets: (object["fileBuckets"] as? Int).flatMap { (1...1000).contains($0) ? $0 : nil })
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

    /// Whether a `.graphql` file holds a schema: its first definition, after comments and a
    /// description, starts with a type-system keyword (`type`, `schema`, `directive`, `extend`, ...).
    /// Only the file's head is read up to that word; a file that cannot be read is operations (for
    /// `graft` to report).
    static func startsWithTypeSystemDefinition(_ file: URL) -> Bool {
        guard let data = try? Data(contentsOf: file, options: .mappedIfSafe) else { return false }
        return data.withUnsafeBytes { firstWord(in: $0.bindMemory(to: UInt8.self)) }.map(typeSystemKeywords.contains) ?? false
    }

    /// The words that start a type-system definition or extension.
    static let typeSystemKeywords: Set<String> = ["schema", "scalar", "type", "interface", "union", "enum", "input", "directive", "extend"]

    /// The first name in GraphQL text, past a byte order mark, white space, commas, comments and
    /// strings (descriptions); nil when something else (a `{`, the end) comes first.
    static func firstWord(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n")
        var index = 0
        func isBlockQuote(_ at: Int) -> Bool { at + 2 < bytes.count && bytes[at] == quote && bytes[at + 1] == quote && bytes[at + 2] == quote }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), newline, UInt8(ascii: "\r"), UInt8(ascii: ","), 0xEF, 0xBB, 0xBF:
                index += 1
            case UInt8(ascii: "#"):
                while index < bytes.count, bytes[index] != newline { index += 1 }
            case quote where isBlockQuote(index):
                index += 3
                while index < bytes.count, !isBlockQuote(index) { index += bytes[index] == backslash && isBlockQuote(index + 1) ? 4 : 1 }
                index += 3
            case quote:
                index += 1
                while index < bytes.count, bytes[index] != quote, bytes[index] != newline { index += bytes[index] == backslash ? 2 : 1 }
                index += 1
            default:
                var end = index
                while end < bytes.count, isNameByte(bytes[end], first: end == index) { end += 1 }
                return end > index ? String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self) : nil
            }
        }
        return nil
    }

    /// Whether `byte` can be part of a name (`[_A-Za-z][_0-9A-Za-z]*`).
    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        let lower = byte | 0x20
        return byte == UInt8(ascii: "_") || (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
            || (!first && byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// Standardized, without duplicates, sorted by path.
    static func unique(_ urls: [URL]) -> [URL] {
        Array(Set(urls.map(\.standardizedFileURL))).sorted { $0.path < $1.path }
    }
}
