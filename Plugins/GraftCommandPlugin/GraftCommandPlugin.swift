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
/// arguments with `targetNames(_:)` and generate with `generate(_:target:folder:output:graft:)`.
@main
struct GraftCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let names = try Self.targetNames(arguments)
        let targets = names.isEmpty
            ? context.package.targets
            : try context.package.targets(named: names)
        let graft = try context.tool(named: "graft").url
        var generated = 0
        for case let target as SourceModuleTarget in targets {
            let inputs = try GraftInputs(linking: target.name, in: GraftTarget.graph(of: target))
            let output = target.directoryURL.appendingPathComponent("Generated")
            if try Self.generate(inputs, target: target.name, folder: target.directoryURL, output: output, graft: graft) {
                generated += 1
            }
        }
        if generated == 0 { print("No target with .graphql files found.") }
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

    /// Runs `graft generate` for a target's inputs into `output`; false when the target has no
    /// operation files and is no schema module (nothing to do). A target without a schema, or with two operation files that
    /// would generate the same file, is an error; `folder` is where paths in messages are relative to.
    static func generate(_ inputs: GraftInputs, target name: String, folder: URL, output: URL, graft: URL) throws -> Bool {
        guard inputs.generates else { return false }
        if let message = inputs.missingSchemaMessage(target: name, directory: folder) {
            throw GraftCommandError(message)
        }
        if let clash = inputs.clashingOperations.first {
            throw GraftCommandError("operation files with the same name would both generate \(clash.output): "
                                    + "\(clash.files.map(\.path).joined(separator: ", ")); rename one of them")
        }
        let process = Process()
        process.executableURL = graft
        process.arguments = inputs.generateArguments(output: output)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw GraftCommandError("graft generate failed for target \(name) (exit status \(process.terminationStatus))")
        }
        return true
    }
}

/// A failure of the command plugin.
struct GraftCommandError: Error, CustomStringConvertible {
    /// What failed.
    let description: String
    init(_ description: String) { self.description = description }
}
