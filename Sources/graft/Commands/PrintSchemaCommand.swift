import GraftCodegen
import GraftCompiler

/// `graft print-schema --schema PATH...`: prints the schema as graphql-js `printSchema()` does.
enum PrintSchemaCommand: Subcommand {
    static let name = "print-schema"
    static let summary = "Print a schema as SDL (graphql-js printSchema)."
    static let usage = """
    USAGE: graft print-schema [--config FILE] [--schema PATH...] [--max-tokens N]

    Loads the schema (SDL files, or an introspection result JSON extended by SDL files), validates
    it and prints it to standard output, byte-identical to graphql-js printSchema(). A PATH is a
    file or a folder searched for .graphqls, .graphql and .json files. Errors go to standard error
    as 'path:line:column: error: message' and the exit status is 1. Without --schema, the schema
    comes from --config FILE, else ./graft.json, else Schemas/ (as for 'graft generate').

    OPTIONS:
      --config FILE   Read the schema paths from this graft.json.
      --schema PATH   A schema file or folder (repeatable).
      --max-tokens N  \(ParseLimitOption.summary)
      -h, --help      Show this help.
    """

    static func run(_ arguments: inout ArgumentList) throws(UsageError) -> Int32 {
        let configPath = try arguments.value(for: "--config")
        var paths = try arguments.values(for: "--schema")
        let options = try ParseLimitOption.parse(&arguments)
        let operands = try arguments.operands()
        guard operands.isEmpty else { throw UsageError(message: "unexpected argument '\(operands[0])'") }
        if paths.isEmpty {
            guard let configuration = ConfigurationLookup.load(configPath: configPath, pathsGiven: false) else { return 1 }
            paths = configuration.schemaPaths
        }
        let result = SchemaLoader.load(paths: paths, options: options)
        guard let schema = result.schema else {
            SchemaDiagnostics.report(result.errors)
            return 1
        }
        StandardOutput.write(SchemaPrinter.print(schema))
        return 0
    }
}
