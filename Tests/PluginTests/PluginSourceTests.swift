import Foundation
import GraftTestSupport
import Testing

/// The plugins' sources. Plugins cannot share a module, so `GraftInputs.swift` and
/// `GraftModules.swift` are copied into each plugin folder; the copies must stay identical, so
/// both plugins find the same inputs and pass `graft` the same arguments. Each plugin also serves Xcode projects, from a file of its own
/// behind `#if canImport(XcodeProjectPlugin)` that Linux never compiles: these tests check that
/// the file is guarded, goes through the same functions as the package path, and typechecks
/// against a stub of the documented `XcodeProjectPlugin` API (`Fixtures/XcodeProjectPlugin.swift`,
/// not Apple's module).
@Suite struct PluginSourceTests {
    static let plugins = ExamplePackage.repositoryRoot.appendingPathComponent("Plugins")

    /// A plugin source file's text (`path` relative to `Plugins/`).
    static func source(_ path: String) throws -> String {
        try String(contentsOf: plugins.appendingPathComponent(path), encoding: .utf8)
    }

    static let sharedFiles = ["GraftInputs.swift", "GraftModules.swift"]

    @Test(arguments: sharedFiles) func bothPluginsHoldTheSameSharedFile(name: String) throws {
        let build = try Data(contentsOf: Self.plugins.appendingPathComponent("GraftBuildPlugin/\(name)"))
        let command = try Data(contentsOf: Self.plugins.appendingPathComponent("GraftCommandPlugin/\(name)"))
        #expect(build.count > 1000)
        #expect(build == command, "Plugins/GraftBuildPlugin/\(name) and Plugins/GraftCommandPlugin/\(name) differ")
    }

    /// `text` without its `#if canImport(XcodeProjectPlugin)` ... `#endif` blocks (not nested).
    static func outsideXcodeBlocks(_ text: String) -> String {
        var kept: [Substring] = []
        var inside = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "#if canImport(XcodeProjectPlugin)" { inside = true } else if inside, trimmed == "#endif" { inside = false } else if !inside { kept.append(line) }
        }
        return kept.joined(separator: "\n")
    }

    /// Each plugin's Xcode conformance is a whole file inside `#if canImport(XcodeProjectPlugin)`,
    /// and no other plugin file uses the Xcode module outside such a block (they are all compiled
    /// on Linux; `GraftModules.swift` reads an Xcode target's dependencies inside one).
    @Test(arguments: [("GraftBuildPlugin", "XcodeBuildToolPlugin"), ("GraftCommandPlugin", "XcodeCommandPlugin")])
    func theXcodeConformanceIsBehindCanImport(plugin: String, conformance: String) throws {
        let text = try Self.source("\(plugin)/\(plugin)+Xcode.swift")
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(lines.first == "#if canImport(XcodeProjectPlugin)")
        #expect(lines.last == "#endif")
        #expect(lines.filter { $0.hasPrefix("#if") || $0.hasPrefix("#endif") }.count == 2, "one #if around the whole file")
        #expect(lines.contains("import XcodeProjectPlugin"))
        #expect(lines.contains { $0.hasPrefix("extension \(plugin): \(conformance) {") })
        let others = try FileManager.default.contentsOfDirectory(atPath: Self.plugins.appendingPathComponent(plugin).path)
            .filter { $0.hasSuffix(".swift") && !$0.hasSuffix("+Xcode.swift") }
        #expect(others.count == 3)
        for name in others {
            let other = Self.outsideXcodeBlocks(try Self.source("\(plugin)/\(name)"))
            for use in ["import XcodeProjectPlugin", "XcodePluginContext", "XcodeTarget"] {
                #expect(!other.contains(use), "\(plugin)/\(name) has \(use)")
            }
        }
    }

    /// The Xcode and package paths share one implementation: the command or the generation is
    /// written once per plugin (in the package path's file), and the Xcode file calls it.
    @Test func xcodeAndPackageTargetsGoThroughTheSameFunctions() throws {
        let build = try Self.source("GraftBuildPlugin/GraftBuildPlugin.swift")
        let buildXcode = try Self.source("GraftBuildPlugin/GraftBuildPlugin+Xcode.swift")
        #expect(build.components(separatedBy: "Self.commands(target:").count == 2)
        #expect(buildXcode.components(separatedBy: "Self.commands(target:").count == 2)
        let command = try Self.source("GraftCommandPlugin/GraftCommandPlugin.swift")
        let commandXcode = try Self.source("GraftCommandPlugin/GraftCommandPlugin+Xcode.swift")
        for call in ["Self.targetNames(arguments)", "Self.module(inputs, target:", "Self.generate(modules, graft:"] {
            #expect(command.components(separatedBy: call).count == 2, "\(call) in GraftCommandPlugin.swift")
            #expect(commandXcode.components(separatedBy: call).count == 2, "\(call) in GraftCommandPlugin+Xcode.swift")
        }
        // What only the shared functions may do.
        for piece in [".buildCommand(", "generateArguments(", "missingSchemaMessage(", "clashingOperations", "Process()", "Diagnostics."] {
            #expect(!buildXcode.contains(piece) && !commandXcode.contains(piece), "an Xcode file does \(piece) itself")
        }
        #expect(build.components(separatedBy: ".buildCommand(").count == 2)
        #expect(command.components(separatedBy: "Process()").count == 2)
    }

    /// Typechecks each plugin with its Xcode file against `Fixtures/XcodeProjectPlugin.swift`, a
    /// stub declaring the documented shapes of the XcodeProjectPlugin API the files use, built as
    /// a module named `XcodeProjectPlugin` (so `canImport` holds), and the toolchain's real
    /// `PackagePlugin` module. A stub check: it catches a misspelt member or a wrong signature
    /// against the stub, not a difference between the stub and the module Xcode ships.
    @Test func theXcodeConformancesTypecheckAgainstAStubOfTheDocumentedAPI() async throws {
        let folder = try ExamplePackage.temporaryFolder()
        let scratch = ExamplePackage(scratch: folder, root: folder)
        defer { scratch.delete() }
        let (swiftc, prefix) = try Self.swiftc()
        let pluginAPI = swiftc.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift/pm/PluginAPI")
        try #require(FileManager.default.fileExists(atPath: pluginAPI.appendingPathComponent("PackagePlugin.swiftmodule").path),
                     "no PackagePlugin module in \(pluginAPI.path)")
        // The flags SwiftPM compiles a plugin with: its API, Swift 6, the manifest's tools version.
        let flags = ["-I", pluginAPI.path, "-swift-version", "6", "-package-description-version", "6.1.0"]
        let stub = ExamplePackage.repositoryRoot.appendingPathComponent("Tests/PluginTests/Fixtures/XcodeProjectPlugin.swift")
        let module = try await scratch.run(swiftc, prefix + ["-emit-module", "-parse-as-library", "-module-name", "XcodeProjectPlugin"] + flags
                                           + ["-emit-module-path", folder.appendingPathComponent("XcodeProjectPlugin.swiftmodule").path, stub.path])
        try #require(module.status == 0, "the stub did not build:\n\(module.output)")
        for plugin in ["GraftBuildPlugin", "GraftCommandPlugin"] {
            let sources = (Self.sharedFiles + ["\(plugin).swift", "\(plugin)+Xcode.swift"])
                .map { Self.plugins.appendingPathComponent("\(plugin)/\($0)").path }
            let check = try await scratch.run(swiftc, prefix + ["-typecheck", "-module-name", plugin, "-I", folder.path] + flags + sources)
            #expect(check.status == 0, "\(plugin) does not typecheck with its Xcode file:\n\(check.output)")
        }
    }

    /// The `swiftc` of the toolchain running the tests and the arguments that go before its own.
    static func swiftc() throws -> (URL, [String]) { try Toolchain.swiftc() }
}
