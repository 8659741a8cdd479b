// A stand-in for Xcode's `XcodeProjectPlugin` module, NOT Apple's module: only the types and
// members the plugins' Xcode conformances use, declared with the shapes Apple documents (and
// Xcode's published module interface shows), so `PluginSourceTests` can typecheck
// `Plugins/*/…+Xcode.swift` on Linux, where Xcode does not exist. Passing this check means the
// conformances agree with these declarations; it says nothing about differences between them and
// the module a given Xcode ships. Built as a module of its own by the test, never by the package.

import Foundation
import PackagePlugin

/// A build tool plugin applied to a target of an Xcode project.
public protocol XcodeBuildToolPlugin: Plugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]
}

/// A command plugin run on an Xcode project.
public protocol XcodeCommandPlugin: Plugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws
}

/// What Xcode gives a plugin: the project, a work folder, and the tools the plugin depends on.
public struct XcodePluginContext {
    public let xcodeProject: XcodeProject
    public let pluginWorkDirectoryURL: URL

    public func tool(named name: String) throws -> PluginContext.Tool {
        fatalError("stub")
    }
}

/// An Xcode project.
public struct XcodeProject {
    public let displayName: String
    public let directoryURL: URL
    public let targets: [XcodeTarget]
}

/// A target of an Xcode project.
public struct XcodeTarget {
    public let displayName: String
    public let inputFiles: FileList
    public let dependencies: [XcodeTargetDependency]
}

/// What an Xcode target depends on: another target of the project, or a package product.
public enum XcodeTargetDependency {
    case target(XcodeTarget)
    case product(Product)
}
