import GraftCompiler

/// `graft validate --schema PATH...`: validates a schema (SDL validation and schema validation).
enum ValidateCommand: Subcommand {
    static let name = "validate"
    static let summary = "Validate a schema."
    static let usage = """
    USAGE: graft validate --schema PATH...

    Loads and validates the schema with graphql-js's rules and messages. A PATH is a file or a
    folder searched for .graphqls, .graphql and .json files. Errors go to standard error as
    'path:line:column: error: message' (further locations as 'note:' lines); the exit status is 1
    on any error and 0 when the schema is valid.

    OPTIONS:
      --schema PATH   A schema file or folder (repeatable).
      -h, --help      Show this help.
    """

    static func run(_ arguments: inout ArgumentList) throws(UsageError) -> Int32 {
        let paths = try arguments.values(for: "--schema")
        let operands = try arguments.operands()
        guard operands.isEmpty else { throw UsageError(message: "unexpected argument '\(operands[0])'") }
        guard !paths.isEmpty else { throw UsageError(message: "missing '--schema PATH'") }
        let result = SchemaLoader.load(paths: paths)
        guard result.schema != nil else {
            SchemaDiagnostics.report(result.errors)
            return 1
        }
        // Operation validation (--operations) plugs in here, with `result.schema`.
        return 0
    }
}
