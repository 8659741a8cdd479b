import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory graft-generate [--target NAME]...`: writes
/// generated Swift into each target's `Generated/` folder (for teams that commit generated code):
/// the same files the build plugin generates, from the same inputs and `graft` arguments (only
/// the output folder differs), honouring the target's `graft.json`, whose persisted-query
/// manifest is written where `graft.json` says.
@main
struct GraftCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        guard extractor.remainingArguments.isEmpty else {
            throw GraftCommandError("unexpected argument '\(extractor.remainingArguments[0])' "
                                    + "(usage: graft-generate [--target NAME]...)")
        }
        let targets = names.isEmpty
            ? context.package.targets
            : try context.package.targets(named: names)
        let graft = try context.tool(named: "graft").url
        var generated = 0
        for case let target as SourceModuleTarget in targets {
            let inputs = try GraftInputs(files: target.sourceFiles.map(\.url))
            guard !inputs.operations.isEmpty else { continue }
            if let message = inputs.missingSchemaMessage(target: target.name, directory: target.directoryURL) {
                throw GraftCommandError(message)
            }
            if let clash = inputs.clashingOperations.first {
                throw GraftCommandError("operation files with the same name would both generate \(clash.output): "
                                        + "\(clash.files.map(\.path).joined(separator: ", ")); rename one of them")
            }
            let output = target.directoryURL.appendingPathComponent("Generated")
            let process = Process()
            process.executableURL = graft
            process.arguments = inputs.generateArguments(output: output)
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw GraftCommandError("graft generate failed for target \(target.name) (exit status \(process.terminationStatus))")
            }
            generated += 1
        }
        if generated == 0 { print("No target with .graphql files found.") }
    }
}

/// A failure of the command plugin.
struct GraftCommandError: Error, CustomStringConvertible {
    /// What failed.
    let description: String
    init(_ description: String) { self.description = description }
}
