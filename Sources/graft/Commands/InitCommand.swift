import Foundation
import GraftCodegen

/// `graft init`: writes a commented graft.json in the current folder.
enum InitCommand: Subcommand {
    static let name = "init"
    static let summary = "Write a commented graft.json."
    static let usage = """
    USAGE: graft init [--force] [--plugin-target FOLDER]

    Writes graft.json in the current folder with every option and a comment on each (graft.json
    accepts // line comments), then says what to do next. Refuses to replace an existing file
    unless --force is given.

    With --plugin-target FOLDER (a target's folder, e.g. Sources/MyAPI), also writes the one Swift
    file that folder needs for the build plugin: SwiftPM skips a target that holds no Swift source
    before any plugin runs, so a target of only .graphql files would silently generate nothing.

    OPTIONS:
      --force                  Replace an existing graft.json (and the Swift file).
      --plugin-target FOLDER   Also write FOLDER/GraftAPI.swift for the build plugin.
      -h, --help               Show this help.
    """

    /// The Swift file a target using the build plugin needs: SwiftPM drops a target without Swift
    /// sources before plugins run. It re-exports the runtime so the target's users need one import.
    static let pluginTargetFile = """
    // SwiftPM builds a target only when it holds a Swift file: this one keeps the target alive for
    // the Graft build plugin, which generates the Swift for the .graphql files beside it.
    // It also re-exports the runtime, so code importing this target can use Graft's types.
    @_exported import Graft

    """

    static func run(_ arguments: inout ArgumentList) throws(UsageError) -> Int32 {
        let force = arguments.flag("--force")
        let pluginTarget = try arguments.value(for: "--plugin-target")
        let operands = try arguments.operands()
        guard operands.isEmpty else { throw UsageError(message: "unexpected argument '\(operands[0])'") }
        let swiftFile = pluginTarget.map { ($0 as NSString).appendingPathComponent("GraftAPI.swift") }
        for path in ["graft.json"] + (swiftFile.map { [$0] } ?? []) where FileManager.default.fileExists(atPath: path) && !force {
            StandardError.write("error: \(path) already exists (use --force to replace it)")
            return 1
        }
        var written = [String]()
        if let pluginTarget, let swiftFile {
            do {
                try FileManager.default.createDirectory(atPath: pluginTarget, withIntermediateDirectories: true)
                try Data(pluginTargetFile.utf8).write(to: URL(fileURLWithPath: swiftFile))
            } catch {
                StandardError.write("error: cannot write \(swiftFile): \((error as NSError).localizedDescription)")
                return 1
            }
            written.append(swiftFile)
        }
        guard FileManager.default.createFile(atPath: "graft.json", contents: Data(GraftConfiguration.initialFile.utf8)) else {
            StandardError.write("error: cannot write graft.json in \(FileManager.default.currentDirectoryPath)")
            return 1
        }
        written.insert("graft.json", at: 0)
        StandardOutput.write("""
            Wrote \(written.joined(separator: " and ")).
            Next:
              1. Put the schema (.graphqls SDL, or an introspection .json) in Schemas/ and operations (.graphql) in
                 Operations/, or edit "schema" and "operations" in graft.json.
              2. Run 'graft validate' to check them, then 'graft generate' to write Swift into Generated/.
              With the SwiftPM build plugin instead, put the files in the target's folder with one Swift file
              ('graft init --plugin-target Sources/MyAPI' writes it); see README, "Use Graft in your package".
            """)
        return 0
    }
}
