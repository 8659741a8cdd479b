import GraftLanguage

/// A schema and operations loaded and checked for code generation.
public struct LoadedInputs: Sendable {
    /// The schema, when it loaded and was valid.
    public var schema: Schema?
    /// The operations as one document, when they were asked for, loaded and were valid.
    public var document: Document?
    /// The files the document came from (for error locations).
    public var sources: DocumentSources?
    /// The operation files read, in order (this module's, not the upstream modules').
    public var operationFiles: [String] = []
    /// The upstream modules' fragments by name: in `document` for validation and compilation, but
    /// declared (generated) by their modules.
    public var upstreamFragments: [String: UpstreamFragment] = [:]
    /// Every error, from the first stage that had any: the schema's, else the operation files'
    /// (unreadable, syntax), else validation's.
    public var errors: [GraphQLError] = []
}

/// The one loading stage of `graft validate` and `graft generate` (and so the plugins): the
/// schema through `SchemaLoader` (with the generator's directives), the operations through
/// `OperationLoader`, then validation with `SpecifiedRules.codeGeneration` and the generator's
/// own rule (operations must be named), so both commands report the same errors for the same
/// inputs.
public enum InputLoader {
    /// Loads the schema in `schemaPaths` and, when `operationPaths` is not nil, the operations in
    /// them, validated against the schema together with the fragments of `upstream` modules.
    /// - Parameters:
    ///   - options: the parser's limits, applied to each file (the CLI's `--max-tokens`).
    ///   - shared: the schema and upstream files when other modules of the run loaded them already.
    ///   - repeatedOperationNames: whether operations may share a name: the operations of several
    ///     modules, read together for the schema types they use (each module's own types are
    ///     namespaced by its Swift module, so two modules may each name an operation alike).
    public static func load(schemaPaths: [String], operationPaths: [String]?, upstream: [UpstreamModule] = [],
                            options: ParseOptions = .default, shared: SharedInputs = SharedInputs(),
                            repeatedOperationNames: Bool = false) -> LoadedInputs {
        var inputs = LoadedInputs()
        let loaded = shared.schema(paths: schemaPaths, options: options)
        guard let schema = loaded.schema else {
            inputs.errors = loaded.errors
            return inputs
        }
        inputs.schema = schema
        guard let operationPaths else { return inputs }
        guard upstream.isEmpty else {
            loadModular(operationPaths: operationPaths, upstream: upstream, schema: schema, options: options, shared: shared,
                        into: &inputs)
            return inputs
        }
        let operations = OperationLoader.load(paths: operationPaths, options: options)
        inputs.operationFiles = operations.files
        guard let document = operations.document, let sources = operations.sources else {
            inputs.errors = operations.errors
            return inputs
        }
        inputs.errors = validate(document, sources: sources, schema: schema, repeatedOperationNames: repeatedOperationNames)
        if inputs.errors.isEmpty {
            inputs.document = document
            inputs.sources = sources
        }
        return inputs
    }

    /// The specification's rules for code generation, then: every operation is named (it names
    /// the generated type). An anonymous operation among others gets one error saying both.
    static func validate(_ document: Document, sources: DocumentSources, schema: Schema,
                         repeatedOperationNames: Bool = false) -> [GraphQLError] {
        let rules = SpecifiedRules.codeGeneration.filter { !repeatedOperationNames || $0 != UniqueOperationNamesRule.self }
        var errors = Validator(schema: schema, rules: rules).validate(document, sources: sources)
        let mustBeNamed = "Operations must be named to generate code for them."
        for case .operation(let operation) in document.definitions where operation.name == nil {
            let span = sources.span(operation.range)
            if let lone = errors.firstIndex(where: { $0.message == LoneAnonymousOperationRule.message && $0.locations.first == span }) {
                errors[lone].message += " " + mustBeNamed
                continue
            }
            errors.append(GraphQLError(mustBeNamed, locations: [span]))
        }
        return errors
    }
}
