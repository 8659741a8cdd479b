import GraftCompiler

/// `graft validate --schema PATH... [--operations PATH...]`: validates a schema (SDL validation and
/// schema validation), then operations against it.
enum ValidateCommand: Subcommand {
    static let name = "validate"
    static let summary = "Validate a schema and operations."
    static let usage = """
    USAGE: graft validate --schema PATH... [--operations PATH...]

    Loads and validates the schema with graphql-js's rules and messages; the code generator's
    directives (@defer, @typePolicy, @fieldPolicy, @apollo_client_ios_localCacheMutation,
    @import, @oneOf) are added where the schema does not define them. A schema PATH is a file or
    a folder searched for .graphqls, .graphql and .json files.

    With --operations, the operation files (a file, or a folder searched for .graphql files) are
    validated together as one document against the schema, with every rule of the specification
    except "fragments must be used" (each fragment becomes a model of its own).

    Errors go to standard error as 'path:line:column: error: message' (further locations as
    'note:' lines); the exit status is 1 on any error and 0 when everything is valid.

    OPTIONS:
      --schema PATH       A schema file or folder (repeatable).
      --operations PATH   An operation file or folder (repeatable).
      -h, --help          Show this help.
    """

    static func run(_ arguments: inout ArgumentList) throws(UsageError) -> Int32 {
        let paths = try arguments.values(for: "--schema")
        let operationPaths = try arguments.values(for: "--operations")
        let operands = try arguments.operands()
        guard operands.isEmpty else { throw UsageError(message: "unexpected argument '\(operands[0])'") }
        guard !paths.isEmpty else { throw UsageError(message: "missing '--schema PATH'") }
        let result = SchemaLoader.load(paths: paths, generatorDirectives: true)
        guard let schema = result.schema else {
            SchemaDiagnostics.report(result.errors)
            return 1
        }
        guard !operationPaths.isEmpty else { return 0 }
        let operations = OperationLoader.load(paths: operationPaths)
        guard let document = operations.document, let sources = operations.sources else {
            SchemaDiagnostics.report(operations.errors)
            return 1
        }
        let errors = Validator(schema: schema, rules: SpecifiedRules.codeGeneration).validate(document, sources: sources)
        SchemaDiagnostics.report(errors)
        return errors.isEmpty ? 0 : 1
    }
}
