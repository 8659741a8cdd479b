import Foundation
import GraftLanguage

/// Schemas and upstream modules' files loaded once for several modules generated in one run
/// (`graft generate --config A --config B ...`): each distinct set of schema paths is read, parsed,
/// built and validated once, each upstream module's files read and parsed alone once, and every
/// module naming the same paths (after `.` and `..` are resolved) gets the same immutable result.
public struct SharedInputs: Sendable {
    /// Schemas by their paths' key.
    var schemas: [[String]: SchemaLoadResult] = [:]
    /// Upstream modules' files (as `OperationLoader.read` returns them) by their paths' key.
    var upstreamFiles: [[String]: OperationFiles] = [:]

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
            shared.upstreamFiles[key(module.operationPaths)] = OperationLoader.read(paths: module.operationPaths, options: options)
        }
        return shared
    }

    /// The schema in `paths`, loaded before or now.
    func schema(paths: [String], options: ParseOptions) -> SchemaLoadResult {
        schemas[Self.key(paths)] ?? SchemaLoader.load(paths: paths, generatorDirectives: true, options: options)
    }

    /// An upstream module's files, read before or now.
    func upstreamFiles(paths: [String], options: ParseOptions) -> OperationFiles {
        upstreamFiles[Self.key(paths)] ?? OperationLoader.read(paths: paths, options: options)
    }

    /// The same paths however they are written: absolute, with `.` and `..` resolved.
    static func key(_ paths: [String]) -> [String] {
        paths.map { URL(fileURLWithPath: $0).standardized.path }
    }
}
