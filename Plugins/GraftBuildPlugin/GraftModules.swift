import Foundation

/// A target as the plugins see it when linking modules: its name, its files, and the targets it
/// depends on, directly or not (SwiftPM's `recursiveTargetDependencies`; an Xcode target's
/// target dependencies, followed).
///
/// Shared by the build and command plugins, like `GraftInputs.swift`: each plugin folder holds an
/// identical copy (`PluginSourceTests` checks it). Free of `PackagePlugin`, so tests compile it.
struct GraftTarget {
    /// The target's name, which is its Swift module's name.
    var name: String
    /// The target's files.
    var files: [URL]
    /// The names of the targets it depends on, directly or not.
    var dependencies: [String]
}

/// A modular app's target that cannot be linked to its schema module: what is wrong, where, and
/// what to change. `file` is the graft.json the message is about, if any.
struct GraftLinkError: Error, CustomStringConvertible {
    /// The whole message.
    let description: String
    /// The file to point the diagnostic at.
    let file: URL?
}

extension GraftInputs {
    /// The inputs of the target named `name`, one of `targets`, linked to the modules it builds on
    /// (`link(_:in:)`).
    init(linking name: String, in targets: [String: GraftTarget]) throws {
        guard let target = targets[name] else { throw GraftLinkError(description: "no target named '\(name)'", file: nil) }
        try self.init(files: target.files)
        try link(target, in: targets)
    }

    /// Finds the modules this target's generated code builds on, among the targets it depends on
    /// that apply Graft: the schema module (a dependency whose graft.json says `"operations": []`,
    /// or the one the target's graft.json names as `"schemaModule"`) and the upstream modules (the
    /// dependencies with operation files on that same schema module). The target then imports the
    /// schema module's types instead of declaring them, may spread the upstream modules'
    /// fragments, and watches their files. Without a schema module among the dependencies (and none
    /// named) the target stands alone, as a single target holding schema and operations does.
    ///
    /// The schema comes from the schema module when the target has none of its own, so a feature
    /// target needs no graft.json. Errors: a named schema module that is not a dependency or does
    /// not hold the schema alone, and two schema modules to choose from.
    mutating func link(_ target: GraftTarget, in targets: [String: GraftTarget]) throws {
        guard !isSchemaModule, !operations.isEmpty else { return }
        var modules: [String: GraftInputs] = [:]
        for name in target.dependencies {
            guard let dependency = targets[name] else { continue }
            let inputs = try GraftInputs(files: dependency.files)
            if inputs.config != nil || inputs.generates { modules[name] = inputs }
        }
        guard let schemaModule = try Self.schemaModule(of: target, declared: declaredSchemaModule, config: config, modules: modules) else { return }
        self.schemaModule = schemaModule
        if let schema = modules[schemaModule] { try Self.check(target, operations: operations, areReadBy: schema, named: schemaModule) }
        if schemas.isEmpty, let schema = modules[schemaModule] {
            schemas = schema.schemas
            schemaFiles = schema.schemaFiles
        }
        for (name, inputs) in modules.sorted(by: { $0.key < $1.key }) where !inputs.isSchemaModule && !inputs.operations.isEmpty {
            guard let dependency = targets[name] else { continue }
            var theirs: [String: GraftInputs] = [:]
            for other in dependency.dependencies { theirs[other] = modules[other] }
            let upstreamSchema = try? Self.schemaModule(of: dependency, declared: inputs.declaredSchemaModule, config: inputs.config, modules: theirs)
            if upstreamSchema == schemaModule { upstream.append((module: name, files: inputs.operations)) }
        }
    }

    /// Stops a target whose schema module declares only the types of the modules in its `usedBy`
    /// (`"schemaTypes": "used"`) without reading the target's operations: the types only they use
    /// would be missing, and the target would fail in Swift ("cannot find type ... in scope").
    static func check(_ target: GraftTarget, operations: [URL], areReadBy schema: GraftInputs, named schemaModule: String) throws {
        guard schema.declaresUsedTypesOnly else { return }
        let read = Set(schema.usedByFiles.map(\.standardizedFileURL.path))
        let unread = operations.filter { !read.contains($0.standardizedFileURL.path) }
        guard let first = unread.first else { return }
        let folder = unread.dropFirst().reduce(first.deletingLastPathComponent().standardizedFileURL.pathComponents) { common, file in
            Array(zip(common, file.deletingLastPathComponent().standardizedFileURL.pathComponents).prefix { $0 == $1 }.map(\.0))
        }
        let from = (schema.config?.deletingLastPathComponent().standardizedFileURL.pathComponents) ?? []
        let shared = zip(from, folder).prefix { $0 == $1 }.count
        let relative = (Array(repeating: "..", count: from.count - shared) + folder.dropFirst(shared)).joined(separator: "/")
        let place = schema.config.map { " (\($0.path))" } ?? ""
        throw GraftLinkError(
            description: "target '\(target.name)' takes its schema types from '\(schemaModule)', whose graft.json\(place) says "
                + "\"schemaTypes\": \"used\" and reads only the modules in its \"usedBy\", not '\(target.name)' "
                + "(\(unread.map(\.lastPathComponent).joined(separator: ", "))): the types only it uses would be missing. "
                + "Add \"\(relative.isEmpty ? "." : relative)\" to \"usedBy\" in that graft.json",
            file: schema.config)
    }

    /// The schema module of `target`, among `modules` (those of its dependencies that apply Graft):
    /// the one `declared` in its graft.json, else the only schema module there; nil when there is
    /// none and none is named. `config` is the target's graft.json, named in errors.
    static func schemaModule(of target: GraftTarget, declared: String?, config: URL?, modules: [String: GraftInputs]) throws -> String? {
        let own = config.map { " (\($0.path))" } ?? ""
        let candidates = modules.filter { $0.value.isSchemaModule }.keys.sorted()
        guard let declared else {
            guard candidates.count > 1 else { return candidates.first }
            let places = candidates.map { name in modules[name]?.config.map { "\(name) (\($0.path))" } ?? name }
            throw GraftLinkError(
                description: "target '\(target.name)' depends on more than one schema module: \(places.joined(separator: " and ")). "
                    + "Depend on one of them, or name it in a graft.json beside the target's .graphql files: "
                    + "{\"schemaModule\": \"\(candidates[0])\"}",
                file: nil)
        }
        guard let module = modules[declared] else {
            let others = target.dependencies.sorted().joined(separator: ", ")
            throw GraftLinkError(
                description: "target '\(target.name)' names \"schemaModule\": \"\(declared)\" in its graft.json\(own), but does not depend on "
                    + "a target '\(declared)' that applies Graft (its dependencies: \(others.isEmpty ? "none" : others)). "
                    + "Add \"\(declared)\" to the dependencies of '\(target.name)' in Package.swift (a target holding the schema "
                    + "and a graft.json with \"operations\": []), or correct the name in graft.json",
                file: config)
        }
        guard module.isSchemaModule else {
            throw GraftLinkError(
                description: "target '\(target.name)' names \"schemaModule\": \"\(declared)\" in its graft.json\(own), but '\(declared)' "
                    + "does not hold the schema alone\(module.config.map { " (\($0.path))" } ?? ""). Give '\(declared)' a graft.json "
                    + "with \"operations\": [] and no .graphql operation files, or name the target that holds the schema",
                file: config)
        }
        return declared
    }
}

#if canImport(PackagePlugin)
import PackagePlugin

extension GraftTarget {
    /// `target` and every target it depends on, directly or not, by name (a package's targets).
    static func graph(of target: SourceModuleTarget) -> [String: GraftTarget] {
        var graph: [String: GraftTarget] = [:]
        for case let module as SourceModuleTarget in [target] + target.recursiveTargetDependencies {
            graph[module.name] = GraftTarget(name: module.name, files: module.sourceFiles.map(\.url),
                                             dependencies: module.recursiveTargetDependencies.map(\.name))
        }
        return graph
    }
}
#endif

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension GraftTarget {
    /// `target` and every target of its project it depends on, directly or not, by name (an Xcode
    /// project's targets, whose names are what Xcode shows).
    static func graph(of target: XcodeTarget) -> [String: GraftTarget] {
        func dependencies(of target: XcodeTarget) -> [XcodeTarget] {
            var found: [XcodeTarget] = []
            var seen: Set<String> = [target.displayName]
            var pending = [target]
            while let next = pending.popLast() {
                for case .target(let dependency) in next.dependencies where seen.insert(dependency.displayName).inserted {
                    found.append(dependency)
                    pending.append(dependency)
                }
            }
            return found
        }
        var graph: [String: GraftTarget] = [:]
        for module in [target] + dependencies(of: target) {
            graph[module.displayName] = GraftTarget(name: module.displayName, files: module.inputFiles.map(\.url),
                                                    dependencies: dependencies(of: module).map(\.displayName))
        }
        return graph
    }
}
#endif
