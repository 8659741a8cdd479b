import Foundation
import PackagePlugin

/// Generates Swift for a target's GraphQL files on every build that needs it.
///
/// Inputs: the target's `.graphqls` schema files (and `.json` introspection results), its `.graphql`
/// operation files and an optional `graft.json` (whose `schema` and `operations` paths may point
/// outside the target). Outputs, all in the plugin work directory: one Swift file per operation
/// file (`<Name>.graphql.swift`) and `GraftSchema.swift` for schema types — names known without
/// parsing anything, so SwiftPM re-runs `graft` only when an input changes.
@main
struct GraftBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let inputs = try GraftInputs(files: target.sourceFiles.map(\.url), targetDirectory: target.directoryURL)
        guard !inputs.operations.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("GraftGenerated")
        return [
            .buildCommand(
                displayName: "Generating GraphQL Swift for \(target.name)",
                executable: try context.tool(named: "graft").url,
                arguments: inputs.generateArguments(output: output),
                inputFiles: inputs.all,
                outputFiles: inputs.outputFiles(in: output)
            )
        ]
    }
}
