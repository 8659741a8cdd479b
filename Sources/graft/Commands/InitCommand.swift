import Foundation
import GraftCodegen

/// `graft init`: writes a commented graft.json in the current folder, or in the target's folder
/// for the build plugin.
enum InitCommand: Subcommand {
    static let name = "init"
    static let summary = "Write a commented graft.json."
    static let usage = """
    USAGE: graft init [--force] [--plugin-target FOLDER]
                      [--schema-only | --schema-module MODULE [--upstream MODULE[=PATH]]...] [--schema PATH]

    Writes graft.json in the current folder with every option and a comment on each (graft.json
    accepts // line comments), then says what to do next. Refuses to replace an existing file
    unless --force is given.

    With --plugin-target FOLDER (a target's folder, e.g. Sources/MyAPI), writes graft.json there,
    where the build plugin reads it (without paths: the plugin reads the target's own schema and
    operation files), and the one Swift file that folder needs: SwiftPM skips a target that holds
    no Swift source before any plugin runs, so a target of only .graphql files would silently
    generate nothing.

    Modular apps (one schema module, feature modules that import it and share fragments) get a
    short graft.json for their layout instead, meant for the module's folder (Sources/<Module>):
    --schema-only for the schema module, --schema-module for a core or feature module.

    OPTIONS:
      --force                  Replace an existing graft.json (and the Swift file).
      --plugin-target FOLDER   Write FOLDER/graft.json and FOLDER/GraftAPI.swift for the build plugin.
      --schema-only            The graft.json of a schema module: the schema alone ("operations": []).
      --schema-module MODULE   The graft.json of an operation module whose schema types come from MODULE.
      --upstream MODULE[=PATH] With --schema-module: a module whose fragments this one spreads, and its
                               .graphql file or folder relative to graft.json (default: ../MODULE);
                               repeatable.
      --schema PATH            With either: the schema's path relative to graft.json (default:
                               schema.graphqls, or ../<schema module>/schema.graphqls).
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
        let layout = try Self.layout(&arguments)
        let operands = try arguments.operands()
        guard operands.isEmpty else { throw UsageError(message: "unexpected argument '\(operands[0])'") }
        let swiftFile = pluginTarget.map { ($0 as NSString).appendingPathComponent("GraftAPI.swift") }
        let configFile = pluginTarget.map { ($0 as NSString).appendingPathComponent("graft.json") } ?? "graft.json"
        for path in [configFile] + (swiftFile.map { [$0] } ?? []) where FileManager.default.fileExists(atPath: path) && !force {
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
        let text = layout?.file ?? (pluginTarget == nil ? GraftConfiguration.initialFile : GraftConfiguration.initialPluginFile)
        guard FileManager.default.createFile(atPath: configFile, contents: Data(text.utf8)) else {
            StandardError.write("error: cannot write \(configFile) in \(FileManager.default.currentDirectoryPath)")
            return 1
        }
        written.insert(configFile, at: 0)
        if let layout {
            StandardOutput.write("Wrote \(written.joined(separator: " and ")).\nNext:\n" + layout.next)
            return 0
        }
        if let pluginTarget {
            let module = (pluginTarget as NSString).lastPathComponent
            StandardOutput.write("""
                Wrote \(written.joined(separator: " and ")).
                Next:
                  1. Put the schema (.graphqls SDL, or an introspection .json) and the operations (.graphql) in \(pluginTarget).
                  2. In Package.swift, give the target \(module) the dependency .product(name: "Graft", package: "Graft")
                     and plugins: [.plugin(name: "GraftBuildPlugin", package: "Graft")].
                  3. Run 'swift build': the plugin generates the Swift and reports GraphQL errors with file, line and column.
                  'graft validate --schema \(pluginTarget) --operations \(pluginTarget)' checks the files without building.
                """)
            return 0
        }
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

    /// A modular app's module: its graft.json and what to do next.
    struct ModularLayout {
        /// The graft.json text.
        var file: String
        /// The next steps, indented lines.
        var next: String
    }

    /// The layout `--schema-only` or `--schema-module` asks for; nil for neither (the full
    /// commented graft.json).
    static func layout(_ arguments: inout ArgumentList) throws(UsageError) -> ModularLayout? {
        let schemaOnly = arguments.flag("--schema-only")
        let schemaModule = try arguments.value(for: "--schema-module")
        let upstreamValues = try arguments.values(for: "--upstream")
        let schema = try arguments.value(for: "--schema")
        if schemaOnly && schemaModule != nil {
            throw UsageError(message: "'--schema-only' writes the schema module's graft.json; it takes no --schema-module")
        }
        if !upstreamValues.isEmpty && schemaModule == nil {
            throw UsageError(message: "'--upstream' needs --schema-module: only an operation module spreads upstream fragments")
        }
        if schemaOnly {
            return ModularLayout(file: GraftConfiguration.schemaModuleFile(schema: schema ?? "schema.graphqls"), next: """
                  1. Put the schema (.graphqls) beside graft.json, and a Swift file (SwiftPM builds no target without one).
                  2. Build plugin: apply GraftBuildPlugin to this target; it generates the schema types.
                     Command line: 'graft generate' writes them into Generated/, a file per type.
                  3. Make each operation module depend on this target ('graft init --schema-module <this module>').
                     To declare only the types they use, add "schemaTypes": "used" and list every such
                     module's folder in "usedBy".
                """)
        }
        guard let schemaModule else { return nil }
        guard GraftConfiguration.isModuleName(schemaModule) else {
            throw UsageError(message: "'--schema-module' takes a Swift module name, found '\(schemaModule)'")
        }
        let upstream = try GenerateCommand.upstreamModules(upstreamValues.map { $0.contains("=") ? $0 : "\($0)=../\($0)" })
        let file = GraftConfiguration.operationModuleFile(schemaModule: schemaModule, schema: schema ?? "../\(schemaModule)/schema.graphqls",
                                                          upstream: upstream)
        let dependencies = ([schemaModule] + upstream.map(\.name)).map { "\"\($0)\"" }.joined(separator: ", ")
        return ModularLayout(file: file, next: """
              1. Put this module's operations and fragments (.graphql) beside graft.json, and a Swift file.
              2. Build plugin: apply GraftBuildPlugin to this target and list \(dependencies) among its
                 dependencies in Package.swift; the plugin finds them there (this graft.json is then optional).
                 Command line: 'graft generate' writes Generated/ importing \(schemaModule); generate \(schemaModule) too.
            """)
    }
}
