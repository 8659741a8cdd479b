#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

/// The command run on an Xcode project (from the project's context menu in the navigator): for each
/// target chosen (`--target`, by the name Xcode shows; none: every target) that has `.graphql`
/// files, the same generation as for a package target. An Xcode target has no folder of its own,
/// so the files go to `Generated/` beside the target's `graft.json`, else in the deepest folder
/// holding all of its GraphQL files (`GraftInputs.generatedFolder(targetFiles:)`); paths in
/// messages are relative to the project's folder.
///
/// Written against the documented `XcodeProjectPlugin` API and not compiled with Xcode here (there
/// is no Apple toolchain on the build machine): `PluginSourceTests` typechecks it on Linux against
/// a stub of that API (`Tests/PluginTests/Fixtures/XcodeProjectPlugin.swift`), not Apple's module.
extension GraftCommandPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let names = try Self.targetNames(arguments)
        let project = context.xcodeProject
        let unknown = names.filter { name in !project.targets.contains { $0.displayName == name } }
        guard unknown.isEmpty else {
            throw GraftCommandError("no target named \(unknown.joined(separator: ", ")) in project \(project.displayName)")
        }
        let targets = names.isEmpty ? project.targets : project.targets.filter { names.contains($0.displayName) }
        var modules: [Module] = []
        for target in targets {
            let files = target.inputFiles.map(\.url)
            let inputs = try GraftInputs(linking: target.displayName, in: GraftTarget.graph(of: target))
            guard let output = inputs.generatedFolder(targetFiles: files) else { continue }
            if let module = try Self.module(inputs, target: target.displayName, folder: project.directoryURL, output: output) {
                modules.append(module)
            }
        }
        try Self.generate(modules, graft: try context.tool(named: "graft").url)
    }
}
#endif
