import Foundation
import PackagePlugin

/// Generates Swift for a target's GraphQL files on every build that needs it.
///
/// Inputs: the target's schema files (`.graphqls`, `.graphql` files of type definitions, `.json`
/// introspection results), its `.graphql` operation files and an optional `graft.json` (whose
/// `schema` and `operations` paths may point outside the target). Outputs, all in the plugin work
/// directory: one Swift file per operation file (`<Name>.graphql.swift`) and `GraftSchema.swift`
/// for schema types — names known without parsing anything, so SwiftPM re-runs `graft` only when
/// an input changes, and `graft` rewrites only the files whose content changed, so only those are
/// recompiled.
@main
struct GraftBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let inputs = try GraftInputs(files: target.sourceFiles.map(\.url))
        guard !inputs.operations.isEmpty else {
            Diagnostics.warning("GraftBuildPlugin: target '\(target.name)' has no .graphql operation files; nothing to generate")
            return []
        }
        if let message = inputs.missingSchemaMessage(target: target.name, directory: target.directoryURL) {
            Diagnostics.error("GraftBuildPlugin: " + message)
            throw GraftBuildPluginError(description: "no GraphQL schema in target '\(target.name)'")
        }
        let clashes = inputs.clashingOperations
        guard clashes.isEmpty else {
            for clash in clashes {
                let names = clash.files.map(\.path).joined(separator: ", ")
                Diagnostics.error("GraftBuildPlugin: operation files with the same name would both generate \(clash.output): "
                                  + "\(names); rename one of them", file: clash.files[0].path)
            }
            throw GraftBuildPluginError(description: "operation file names must be unique in target '\(target.name)'")
        }
        let work = context.pluginWorkDirectoryURL
        let output = work.appendingPathComponent("GraftGenerated")
        // A manifest that graft.json asks for goes to the work directory, as a build command may only
        // write there (the build sandbox on macOS enforces it). It is not declared as an output:
        // SwiftPM would bundle it as a resource of the target.
        let manifest = work.appendingPathComponent("persisted-queries.json")
        return [
            .buildCommand(
                displayName: "Generating GraphQL Swift for \(target.name)",
                executable: try context.tool(named: "graft").url,
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
