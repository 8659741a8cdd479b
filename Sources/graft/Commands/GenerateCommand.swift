import Foundation
import GraftCodegen
import GraftCompiler
import GraftLanguage

/// `graft generate [--config FILE]...`: generates Swift for the operations in a configuration, or
/// for every module of a modular app in one process (several --config files, or each module's
/// arguments joined by `--and`).
enum GenerateCommand: Subcommand {
    static let name = "generate"
    static let summary = "Generate Swift for GraphQL operations."
    static let usage = """
    USAGE: graft generate [--config FILE]... [--schema PATH]... [--operations PATH]... [--output DIR] [--per-input-file]
                          [--persisted-query-manifest FILE] [--max-tokens N] [--file-buckets N|none]
                          [--schema-only [--used-by PATH]... | --schema-module MODULE [--upstream MODULE=PATH]...]
                          [--schema-types all|used] [--and <the arguments of another module>]...

    Loads the schema and operations named in the configuration, validates them, and writes one
    Swift file per operation, fragment and used schema type. Without --config, reads ./graft.json
    if there is one (unless paths or --per-input-file are given), else Schemas/ and Operations/,
    writing Generated/. Only files whose content
    changed are written; generated files no longer produced are removed. Errors go to standard
    error as 'path:line:column: error: message'; the exit status is 1 on any error.

    OPTIONS:
      --config FILE       The configuration file (graft.json; `graft init` writes a commented one).
                          Repeatable: one graft.json per module of a modular app, all generated in
                          one process (the schema and upstream files loaded once, the modules on
                          every core), each written and reported as its own `graft generate` would;
                          only --per-input-file and --max-tokens may be added.
      --schema PATH       A schema file or folder, instead of the configuration's (repeatable).
      --operations PATH   An operation file or folder, instead of the configuration's (repeatable).
      --output DIR        The output folder, instead of the configuration's.
      --per-input-file    One file per operation file (<Name>.graphql.swift) and GraftSchema.swift,
                          in one flat folder (what the SwiftPM build plugin declares).
                          Operation files must then have unique names (with "fileBuckets"
                          in graft.json: GraftBucket-<n>.graphql.swift files instead).
      --persisted-query-manifest FILE
                          Where the manifest goes, if the configuration asks for one.
      --file-buckets N|none
                          How many files the definitions are spread over, instead of the
                          configuration's "fileBuckets" (none: one file per definition, or per
                          operation file with --per-input-file). The build plugin passes what it
                          declared, so the files written are the files it declared.
      --max-tokens N      \(ParseLimitOption.summary)

    MODULAR APPS (one schema module, operation modules that import it and each other's fragments):
      --schema-only       This module holds the schema alone: every enum, input object and custom
                          scalar, and SchemaMetadata, for the modules that import it (graft.json:
                          "operations": []).
      --schema-module MODULE
                          The module that declares the schema types and metadata: imported, never
                          declared again here (graft.json: "schemaModule").
      --upstream MODULE=PATH
                          A module this one depends on, directly or not, and one of its .graphql
                          files or folders (repeatable): its fragments can be spread here and are
                          imported, not generated again (graft.json: "upstream").
      --schema-types all|used
                          Which schema types a module declaring them generates (graft.json:
                          "schemaTypes"; default: all with --schema-only, else used).
      --used-by PATH      With --schema-only --schema-types used: a .graphql file or folder of a
                          module importing this one, read for the types it uses (repeatable;
                          graft.json: "usedBy").
      --and               Starts the arguments of another module, generated in the same process as
                          the modules before it (the schema and upstream files loaded once, the
                          modules on every core), each written and reported as its own
                          `graft generate` would: what the command plugin runs for several
                          targets. Every module takes the same --per-input-file and --max-tokens,
                          and at most one --config.
      -h, --help          Show this help.
    """

    /// One module of a run: its configuration with the command line's settings applied.
    struct Module {
        var configuration: GraftConfiguration
        var perInputFile: Bool
        var options: ParseOptions
    }

    static func run(_ arguments: inout ArgumentList) throws(UsageError) -> Int32 {
        let groups = arguments.remaining.split(separator: "--and", omittingEmptySubsequences: false)
        guard groups.count > 1 else { return try runOne(&arguments) }
        arguments = ArgumentList([])
        return try runGroups(groups.map { ArgumentList(Array($0)) })
    }

    /// `graft generate ARGS --and ARGS ...`: each group of arguments one module, all generated as
    /// with several --config files. A group whose configuration cannot be loaded is reported and
    /// skipped; the others are still generated.
    static func runGroups(_ groups: [ArgumentList]) throws(UsageError) -> Int32 {
        var modules: [Module] = []
        var failed = false
        for var group in groups {
            if group.remaining.isEmpty { throw UsageError(message: "'--and' needs the arguments of a module on each side") }
            var probe = group
            if try probe.values(for: "--config").count > 1 {
                throw UsageError(message: "with '--and', each module takes at most one --config")
            }
            guard let module = try module(&group) else {
                failed = true
                continue
            }
            modules.append(module)
        }
        guard let first = modules.first else { return 1 }
        guard modules.allSatisfy({ $0.perInputFile == first.perInputFile && $0.options == first.options }) else {
            throw UsageError(message: "every module given with '--and' must take the same --per-input-file and --max-tokens")
        }
        let succeeded = generate(modules.map(\.configuration), layout: first.perInputFile ? .perInputFile : .perDefinition,
                                 options: first.options)
        return failed || !succeeded ? 1 : 0
    }

    /// One `graft generate` without `--and`: one module, or every module of several --config files.
    static func runOne(_ arguments: inout ArgumentList) throws(UsageError) -> Int32 {
        var probe = arguments
        if try probe.values(for: "--config").count > 1 { return try runConfigs(&arguments) }
        guard let module = try module(&arguments) else { return 1 }
        let result = CodeGenerator.run(module.configuration, layout: module.perInputFile ? .perInputFile : .perDefinition,
                                       options: module.options)
        return write(result, of: module.configuration).print() ? 0 : 1
    }

    /// `graft generate --config A --config B ...`, the only other settings --per-input-file and --max-tokens.
    static func runConfigs(_ arguments: inout ArgumentList) throws(UsageError) -> Int32 {
        let configPaths = try arguments.values(for: "--config")
        let perInputFile = arguments.flag("--per-input-file")
        let options = try ParseLimitOption.parse(&arguments)
        guard arguments.remaining.isEmpty else {
            throw UsageError(message: "with several --config files, each module's settings come from its file; "
                             + "only --per-input-file and --max-tokens apply to all of them")
        }
        return runModules(configPaths, perInputFile: perInputFile, options: options)
    }

    /// A module's configuration from its arguments: the configuration file (the one given, else
    /// ./graft.json or the default folders) with the options given applied. Nil when the
    /// configuration could not be loaded (already reported).
    static func module(_ arguments: inout ArgumentList) throws(UsageError) -> Module? {
        let configPath = try arguments.value(for: "--config")
        let schemaPaths = try arguments.values(for: "--schema")
        let operationPaths = try arguments.values(for: "--operations")
        let outputPath = try arguments.value(for: "--output")
        let perInputFile = arguments.flag("--per-input-file")
        let manifestPath = try arguments.value(for: "--persisted-query-manifest")
        let fileBuckets = try arguments.value(for: "--file-buckets").map { value throws(UsageError) -> Int? in
            if value == "none" { return nil }
            guard let count = Int(value), (1...GraftConfiguration.maxFileBuckets).contains(count) else {
                throw UsageError(message: "'--file-buckets' must be a whole number from 1 to \(GraftConfiguration.maxFileBuckets) "
                                 + "or none, found '\(value)'")
            }
            return count
        }
        let schemaOnly = arguments.flag("--schema-only")
        let usedBy = try arguments.values(for: "--used-by")
        let schemaModule = try arguments.value(for: "--schema-module")
        let upstream = try Self.upstreamModules(try arguments.values(for: "--upstream"))
        let schemaTypes = try arguments.value(for: "--schema-types").map { value throws(UsageError) in
            guard let types = GraftConfiguration.SchemaTypes(rawValue: value) else {
                throw UsageError(message: "'--schema-types' must be all or used, found '\(value)'")
            }
            return types
        }
        if schemaOnly && (schemaModule != nil || !upstream.isEmpty || !operationPaths.isEmpty) {
            throw UsageError(message: "'--schema-only' generates the schema alone; it takes no --operations, --schema-module or --upstream")
        }
        let options = try ParseLimitOption.parse(&arguments)
        let operands = try arguments.operands()
        guard operands.isEmpty else { throw UsageError(message: "unexpected argument '\(operands[0])'") }
        guard var configuration = ConfigurationLookup.load(
            configPath: configPath, pathsGiven: !schemaPaths.isEmpty || !operationPaths.isEmpty || perInputFile || schemaOnly
                || schemaModule != nil || !upstream.isEmpty || !usedBy.isEmpty) else { return nil }
        if !schemaPaths.isEmpty { configuration.schemaPaths = schemaPaths }
        if !operationPaths.isEmpty { configuration.operationPaths = operationPaths }
        if let outputPath { configuration.output = outputPath }
        if schemaOnly { configuration.operationPaths = [] }
        if let schemaModule { configuration.schemaModule = schemaModule }
        if !upstream.isEmpty { configuration.upstream = upstream }
        if let schemaTypes { configuration.schemaTypes = schemaTypes }
        if !usedBy.isEmpty { configuration.usedBy = usedBy }
        if let fileBuckets { configuration.fileBuckets = fileBuckets }
        if let manifestPath, configuration.persistedQueryManifest != nil { configuration.persistedQueryManifest = manifestPath }
        return Module(configuration: configuration, perInputFile: perInputFile, options: options)
    }

    /// `graft generate --config A --config B ...`: every module in one process, the schema and
    /// upstream files each loaded once, the modules generated and written concurrently; each
    /// module's report (errors, or what was written) in the order the configurations were given,
    /// whatever the others'.
    static func runModules(_ configPaths: [String], perInputFile: Bool, options: ParseOptions) -> Int32 {
        var configurations: [GraftConfiguration] = []
        var failed = false
        for path in configPaths {
            guard let configuration = ConfigurationLookup.load(configPath: path, pathsGiven: true) else {
                failed = true
                continue
            }
            configurations.append(configuration)
        }
        let succeeded = generate(configurations, layout: perInputFile ? .perInputFile : .perDefinition, options: options)
        return failed || !succeeded ? 1 : 0
    }

    /// Generates the modules in one process and prints each one's report in their order, an
    /// unknown fragment that another module declares followed by a note saying so
    /// (``SiblingFragmentNotes``); false when a module had errors. Each module's files are
    /// written as it finishes; what the reports need is kept.
    static func generate(_ configurations: [GraftConfiguration], layout: SwiftGenerator.Layout, options: ParseOptions) -> Bool {
        let outcomes = CodeGenerator.run(configurations, layout: layout, options: options) {
            (report: write($1, of: $0), errors: $1.errors, fragments: SiblingFragmentNotes.declarations(of: $1))
        }
        let notes = SiblingFragmentNotes(outcomes.map(\.fragments))
        var succeeded = true
        for outcome in outcomes {
            var report = outcome.report
            report.errors = notes.annotate(report.errors, errors: outcome.errors)
            if !report.print() { succeeded = false }
        }
        return succeeded
    }

    /// What generating one module printed: a line for standard output, or lines for standard error.
    struct Report: Sendable {
        var output: String?
        var errors: [String] = []

        /// Prints the report; false when it holds errors.
        func print() -> Bool {
            if !errors.isEmpty { StandardError.write(errors.joined(separator: "\n")) }
            if let output { StandardOutput.write(output) }
            return errors.isEmpty
        }
    }

    /// Writes a module's files (and manifest and mocks) unless it had errors, and says what was
    /// written or what went wrong.
    static func write(_ result: CodeGenerator.Result, of configuration: GraftConfiguration) -> Report {
        guard result.errors.isEmpty else { return Report(errors: SchemaDiagnostics.lines(result.errors)) }
        let manifestTarget = result.manifest == nil ? nil : configuration.persistedQueryManifest
        var pathProblems = OutputWriter.pathProblems(result.files, in: configuration.output,
                                                     others: manifestTarget.map { [($0, "the persisted-query manifest")] } ?? [])
        if let mocks = configuration.testMocks { pathProblems += OutputWriter.pathProblems(result.mockFiles, in: mocks.output) }
        guard pathProblems.isEmpty else {
            // Before anything is written: a run that cannot write every file writes none.
            var lines = pathProblems.prefix(SchemaDiagnostics.limit).map { "error: " + $0 }
            if pathProblems.count > SchemaDiagnostics.limit {
                lines.append("error: \(pathProblems.count - SchemaDiagnostics.limit) more errors not shown")
            }
            return Report(errors: lines)
        }
        do {
            let summary = try OutputWriter.write(result.files, to: configuration.output)
            var manifestNote = ""
            if let manifest = result.manifest, let path = configuration.persistedQueryManifest {
                _ = try OutputWriter.writeText(manifest.json, to: path)
                manifestNote = "; manifest \(path)"
            }
            if let mocks = configuration.testMocks {
                let mockSummary = try OutputWriter.write(result.mockFiles, to: mocks.output)
                manifestNote += "; \(result.mockFiles.count) mocks in \(mocks.output) (\(mockSummary.written.count) written)"
            }
            return Report(output: "Generated \(result.files.count) \(result.files.count == 1 ? "file" : "files") in \(configuration.output) (\(summary.written.count) written, "
                          + "\(summary.unchanged) unchanged, \(summary.removed.count) removed)\(manifestNote)")
        } catch {
            return Report(errors: ["error: \(error.description)"])
        }
    }

    /// `--upstream MODULE=PATH` values as modules, each module's paths in the order given.
    static func upstreamModules(_ values: [String]) throws(UsageError) -> [UpstreamModule] {
        var modules: [UpstreamModule] = []
        for value in values {
            guard let equals = value.firstIndex(of: "="), case let name = String(value[..<equals]),
                  GraftConfiguration.isModuleName(name), value.index(after: equals) < value.endIndex else {
                throw UsageError(message: "'--upstream' takes MODULE=PATH (a Swift module name and a .graphql file or folder), found '\(value)'")
            }
            let path = String(value[value.index(after: equals)...])
            if let index = modules.firstIndex(where: { $0.name == name }) {
                modules[index].operationPaths.append(path)
            } else {
                modules.append(UpstreamModule(name: name, operationPaths: [path]))
            }
        }
        return modules
    }
}
