import Foundation
import GraftLanguage

/// Schemas and upstream modules' files loaded once for several modules generated in one run
/// (`graft generate --config A --config B ...`): each distinct set of schema paths is read, parsed,
/// built and validated once, each upstream module's files read and parsed alone once, and every
/// module naming the same paths (after `.` and `..` are resolved) gets the same immutable result,
/// its files named as its own paths name them. Inputs with errors are loaded again by each module
/// naming them, so that every module reports them as a run of its own would.
public struct SharedInputs: Sendable {
    /// Schemas by their paths' key.
    var schemas: [[String]: SchemaLoadResult] = [:]
    /// Upstream modules' files (as `OperationLoader.read` returns them) by their paths' key, with
    /// the paths they were read through.
    var upstreamFiles: [[String]: (paths: [String], files: OperationFiles)] = [:]

    /// Nothing loaded: every module loads its own inputs.
    public init() {}

    /// Loads the schemas and upstream modules the modules name, each once; the distinct schemas
    /// are built concurrently.
    public static func load(schemaPaths: [[String]], upstream: [[UpstreamModule]], options: ParseOptions = .default) -> SharedInputs {
        var shared = SharedInputs()
        var schemaKeys: [[String]] = []
        var firstPaths: [[String]] = []
        for paths in schemaPaths where !schemaKeys.contains(key(paths)) {
            schemaKeys.append(key(paths))
            firstPaths.append(paths)
        }
        let schemas = ConcurrentMap.map(firstPaths) { paths in
            SchemaLoader.load(paths: paths, generatorDirectives: true, options: options)
        }
        shared.schemas = Dictionary(zip(schemaKeys, schemas), uniquingKeysWith: { first, _ in first })
        for module in upstream.joined() where shared.upstreamFiles[key(module.operationPaths)] == nil {
            shared.upstreamFiles[key(module.operationPaths)] = (module.operationPaths,
                                                                OperationLoader.read(paths: module.operationPaths, options: options))
        }
        return shared
    }

    /// The schema in `paths`, loaded before (when it loaded without errors) or now.
    func schema(paths: [String], options: ParseOptions) -> SchemaLoadResult {
        if let loaded = schemas[Self.key(paths)], loaded.errors.isEmpty { return loaded }
        return SchemaLoader.load(paths: paths, generatorDirectives: true, options: options)
    }

    /// An upstream module's files, read before (when they were read without errors) or now.
    func upstreamFiles(paths: [String], options: ParseOptions) -> OperationFiles {
        guard let read = upstreamFiles[Self.key(paths)], read.files.errors.isEmpty,
              let files = Self.renamed(read.files, from: read.paths, to: paths) else {
            return OperationLoader.read(paths: paths, options: options)
        }
        return files
    }

    /// The files as reading `paths` names them: each name under one of `readPaths` moved under the
    /// path of `paths` at the same place; nil when a name is under none of them.
    static func renamed(_ read: OperationFiles, from readPaths: [String], to paths: [String]) -> OperationFiles? {
        guard readPaths != paths else { return read }
        func rename(_ name: String) -> String? {
            for (old, new) in zip(readPaths, paths) {
                if name == old { return new }
                let folder = old.hasSuffix("/") ? old : old + "/"
                if name.hasPrefix(folder) { return (new.hasSuffix("/") ? new : new + "/") + name.dropFirst(folder.count) }
            }
            return nil
        }
        var files = OperationFiles(sources: [], files: [], errors: [])
        for file in read.files {
            guard let name = rename(file) else { return nil }
            files.files.append(name)
        }
        for source in read.sources {
            guard let name = rename(source.name) else { return nil }
            files.sources.append(Source(bytes: source.bytes, name: name))
        }
        return files
    }

    /// The same paths however they are written: absolute, with `.` and `..` resolved. A relative
    /// path is made absolute first (standardizing it alone would drop the current folder and let
    /// `..` climb above it: `a/../../S` and `b/../S` would both be `/S`).
    public static func key(_ paths: [String]) -> [String] {
        paths.map { URL(fileURLWithPath: $0).absoluteURL.standardized.path }
    }
}
