import Foundation
import PackagePlugin

/// Generates Swift for a target's GraphQL files on every build that needs it.
///
/// Inputs: the target's schema files (`.graphqls`, `.graphql` files of type definitions, `.json`
/// introspection results), its `.graphql` operation files and an optional `graft.json` (whose
/// `schema` and `operations` paths may point outside the target). Outputs, all in the plugin work
/// directory: one Swift file per operation file (`<Name>.graphql.swift`), or with `"fileBuckets": N`
/// in graft.json `GraftBucket-1.graphql.swift` ... `GraftBucket-N.graphql.swift`, and
/// `GraftSchema.swift` for schema types — names known without parsing anything, so the build system re-runs `graft`
/// only when an input changes, and `graft` rewrites only the files whose content changed, so only
/// those are recompiled.
///
/// In a modular app the target's dependencies that apply Graft are read too
/// (`GraftInputs.link(_:in:)`): a schema module's target (graft.json `"operations": []`) generates
/// only `GraftSchema.swift`; a target depending on it imports its types, may spread fragments of
/// the other Graft targets it depends on, and lists their `.graphql` files as inputs, so editing
/// an upstream fragment regenerates exactly the targets that depend on it. Package targets come
/// through `BuildToolPlugin`, Xcode project targets through `XcodeBuildToolPlugin`
/// (`GraftBuildPlugin+Xcode.swift`); both make their command with
/// `commands(target:in:folder:workDirectory:tool:)`.
@main
struct GraftBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try Self.commands(target: target.name, in: GraftTarget.graph(of: target), folder: target.directoryURL,
                                 workDirectory: context.pluginWorkDirectoryURL, tool: context.tool(named:))
    }

    /// The build command for the target named `name` in `targets` (it and the targets it depends
    /// on): none (with a warning) when it has neither operation files nor the schema of a schema
    /// module; an error when it has no schema, two operation files would generate the same file,
    /// or its schema module cannot be found. `folder` is where paths in messages are relative to
    /// (the target's folder; an Xcode project's folder), `tool` finds `graft`.
    static func commands(target name: String, in targets: [String: GraftTarget], folder: URL, workDirectory: URL,
                         tool: (String) throws -> PluginContext.Tool) throws -> [Command] {
        let inputs: GraftInputs
        do {
            inputs = try GraftInputs(linking: name, in: targets)
        } catch let error as GraftLinkError {
            Diagnostics.error("GraftBuildPlugin: " + error.description, file: error.file?.path)
            throw GraftBuildPluginError(description: "target '\(name)' cannot be linked to its schema module")
        }
        guard inputs.generates else {
            Diagnostics.warning("GraftBuildPlugin: target '\(name)' has no .graphql operation files; nothing to generate")
            return []
        }
        if let message = inputs.missingSchemaMessage(target: name, directory: folder) {
            Diagnostics.error("GraftBuildPlugin: " + message)
            throw GraftBuildPluginError(description: "no GraphQL schema in target '\(name)'")
        }
        let clashes = inputs.clashingOperations
        guard clashes.isEmpty else {
            for clash in clashes {
                let names = clash.files.map(\.path).joined(separator: ", ")
                Diagnostics.error("GraftBuildPlugin: operation files with the same name would both generate \(clash.output): "
                                  + "\(names); rename one of them", file: clash.files[0].path)
            }
            throw GraftBuildPluginError(description: "operation file names must be unique in target '\(name)'")
        }
        let output = workDirectory.appendingPathComponent("GraftGenerated")
        // A manifest that graft.json asks for goes to the work directory, as a build command may only
        // write there (the build sandbox on macOS enforces it). It is not declared as an output:
        // SwiftPM would bundle it as a resource of the target.
        let manifest = workDirectory.appendingPathComponent("persisted-queries.json")
        return [
            .buildCommand(
                displayName: "Generating GraphQL Swift for \(name)",
                executable: try tool("graft").url,
                arguments: inputs.generateArguments(output: output, manifest: manifest),
                inputFiles: inputs.all,
                outputFiles: inputs.outputFiles(in: output)
            )
        ]
    }
}

/// A target whose inputs the build plugin cannot turn into a build command.
struct GraftBuildPluginError: Error, CustomStringConvertible {
    /// What is wrong.
    let description: String
}
