import GraftCodegen
import GraftCompiler

/// `graft validate --schema PATH... [--operations PATH...]`: validates a schema (SDL validation and
/// schema validation), then operations against it.
enum ValidateCommand: Subcommand {
    static let name = "validate"
    static let summary = "Validate a schema and operations."
    static let usage = """
    USAGE: graft validate [--config FILE] [--schema PATH...] [--operations PATH...] [--max-tokens N]

    Loads and validates the schema with graphql-js's rules and messages; the code generator's
    directives (@defer, @typePolicy, @fieldPolicy, @apollo_client_ios_localCacheMutation,
    @import, @oneOf) are added where the schema does not define them. A schema PATH is a file or
    a folder searched for .graphqls, .graphql and .json files.

    Without --schema, the schema and operations come from --config FILE, else ./graft.json, else
    Schemas/ and Operations/ (as for 'graft generate').

    With --operations, the operation files (a file, or a folder searched for .graphql files) are
    validated together as one document against the schema, with every rule of the specification
    except "fragments must be used" (each fragment becomes a model of its own), and operations must
    be named: the same loading and checks as 'graft generate', with the same errors.

    Errors go to standard error as 'path:line:column: error: message' (further locations as
    'note:' lines); the exit status is 1 on any error. When everything is valid, one line says
    what was checked ('14 operations and 9 fragments valid against Schemas').

    OPTIONS:
      --config FILE       Read the schema and operations from this graft.json.
      --schema PATH       A schema file or folder (repeatable).
      --operations PATH   An operation file or folder (repeatable).
      --upstream MODULE=PATH
                          A module the operations' module depends on and one of its .graphql files
                          or folders (repeatable): its fragments may be spread (graft.json: "upstream").
      --max-tokens N      \(ParseLimitOption.summary)
      -h, --help          Show this help.
    """

    static func run(_ arguments: inout ArgumentList) throws(UsageError) -> Int32 {
        let configPath = try arguments.value(for: "--config")
        var paths = try arguments.values(for: "--schema")
        var operationPaths = try arguments.values(for: "--operations")
        var upstream = try GenerateCommand.upstreamModules(try arguments.values(for: "--upstream"))
        let options = try ParseLimitOption.parse(&arguments)
        let operands = try arguments.operands()
        guard operands.isEmpty else { throw UsageError(message: "unexpected argument '\(operands[0])'") }
        if paths.isEmpty {
            if !operationPaths.isEmpty && configPath == nil { throw UsageError(message: "missing '--schema PATH'") }
            guard let configuration = ConfigurationLookup.load(configPath: configPath, pathsGiven: false) else { return 1 }
            paths = configuration.schemaPaths
            if operationPaths.isEmpty { operationPaths = configuration.operationPaths }
            if upstream.isEmpty { upstream = configuration.upstream }
        }
        let inputs = InputLoader.load(schemaPaths: paths, operationPaths: operationPaths.isEmpty ? nil : operationPaths,
                                      upstream: upstream, options: options)
        guard inputs.errors.isEmpty, let schema = inputs.schema else {
            SchemaDiagnostics.report(inputs.errors)
            return 1
        }
        let schemaName = paths.joined(separator: ", ")
        guard let document = inputs.document else {
            StandardOutput.write("Schema valid: \(schemaName) (\(schema.types.count) types)")
            return 0
        }
        var counts = (operations: 0, fragments: 0)
        for definition in document.definitions {
            if case .operation = definition { counts.operations += 1 }
            if case .fragment(let fragment) = definition, inputs.upstreamFragments[fragment.name.value] == nil { counts.fragments += 1 }
        }
        let fragments = counts.fragments == 0 ? "" : " and \(counts.fragments) fragment\(counts.fragments == 1 ? "" : "s")"
        StandardOutput.write("\(counts.operations) operation\(counts.operations == 1 ? "" : "s")\(fragments) valid against \(schemaName)")
        return 0
    }
}
