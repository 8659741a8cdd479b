import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory graft-generate [--target NAME]...`: writes
/// generated Swift into each target's `Generated/` folder (for teams that commit generated code):
/// the same files the build plugin generates, from the same inputs and `graft` arguments (only
/// the output folder differs), honouring the target's `graft.json`, whose persisted-query
/// manifest is written where `graft.json` says. In a modular app each target is linked to the
/// schema module and upstream modules among its dependencies as the build plugin links it, so
/// the committed files import the same modules. Package targets come through `CommandPlugin`, Xcode
/// projects through `XcodeCommandPlugin` (`GraftCommandPlugin+Xcode.swift`); both read their
/// arguments with `targetNames(_:)`, make each target's `graft generate` arguments with
/// `module(_:target:folder:output:)` and run them all with `generate(_:graft:)`: one `graft`
/// process for every target, so the schema and shared fragments are loaded once.
@main
struct GraftCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let names = try Self.targetNames(arguments)
        let targets = names.isEmpty
            ? context.package.targets
            : try context.package.targets(named: names)
        var modules: [Module] = []
        for case let target as SourceModuleTarget in targets {
            let inputs = try GraftInputs(linking: target.name, in: GraftTarget.graph(of: target))
            let output = target.directoryURL.appendingPathComponent("Generated")
            if let module = try Self.module(inputs, target: target.name, folder: target.directoryURL, output: output) {
                modules.append(module)
            }
        }
        try Self.generate(modules, graft: try context.tool(named: "graft").url)
    }

    /// A target to generate and the arguments of its `graft generate`.
    struct Module {
        var target: String
        var arguments: [String]
    }

    /// The `--target` names of the command's arguments (none: every target); anything else is an error.
    static func targetNames(_ arguments: [String]) throws -> [String] {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        guard extractor.remainingArguments.isEmpty else {
            throw GraftCommandError("unexpected argument '\(extractor.remainingArguments[0])' "
                                    + "(usage: graft-generate [--target NAME]...)")
        }
        return names
    }

    /// The `graft generate` arguments of a target's inputs into `output`; nil when the target has
    /// no operation files and is no schema module (nothing to do). A target without a schema, or
    /// with two operation files that would generate the same file, is an error; `folder` is where
    /// paths in messages are relative to.
    static func module(_ inputs: GraftInputs, target name: String, folder: URL, output: URL) throws -> Module? {
        guard inputs.generates else { return nil }
        if let message = inputs.missingSchemaMessage(target: name, directory: folder) {
            throw GraftCommandError(message)
        }
        if let clash = inputs.clashingOperations.first {
            throw GraftCommandError("operation files with the same name would both generate \(clash.output): "
                                    + "\(clash.files.map(\.path).joined(separator: ", ")); rename one of them")
        }
        return Module(target: name, arguments: inputs.generateArguments(output: output))
    }

    /// Runs one `graft generate` for every module, their arguments joined by `--and`: each module is
    /// written and reported as its own run would be, and a module whose GraphQL has errors does not
    /// stop the others. (A target `module(_:target:folder:output:)` rejects stops the command before
    /// this runs: nothing is written.)
    static func generate(_ modules: [Module], graft: URL) throws {
        guard let first = modules.first else {
            print("No target with .graphql files found.")
            return
        }
        var arguments = first.arguments
        for module in modules.dropFirst() {
            arguments += ["--and"] + module.arguments.dropFirst()  // past "generate"
        }
        let process = Process()
        process.executableURL = graft
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let targets = modules.map(\.target).joined(separator: ", ")
            throw GraftCommandError("graft generate failed (exit status \(process.terminationStatus)) for "
                                    + (modules.count == 1 ? "target " : "targets ") + targets + ": its errors are above")
        }
    }
}

/// A failure of the command plugin.
struct GraftCommandError: Error, CustomStringConvertible {
    /// What failed.
    let description: String
    init(_ description: String) { self.description = description }
}
