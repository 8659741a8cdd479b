#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

/// An Xcode project's app or framework target that lists the plugin under Build Phases → Run
/// Build Tool Plug-ins: the same command as for a package target, from the target's input files
/// (the files that are members of the target) and the targets of the project it depends on, with
/// paths in messages relative to the project's folder.
///
/// Written against the documented `XcodeProjectPlugin` API and not compiled with Xcode here (there
/// is no Apple toolchain on the build machine): `PluginSourceTests` typechecks it on Linux against
/// a stub of that API (`Tests/PluginTests/Fixtures/XcodeProjectPlugin.swift`), not Apple's module.
extension GraftBuildPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try Self.commands(target: target.displayName, in: GraftTarget.graph(of: target), folder: context.xcodeProject.directoryURL,
                          workDirectory: context.pluginWorkDirectoryURL, tool: context.tool(named:))
    }
}
#endif
