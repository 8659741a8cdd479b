import GraftCompiler
import GraftLanguage

/// The whole pipeline of `graft generate`: load and validate the schema and operations
/// (`InputLoader`, shared with `graft validate`), compile them to the IR and render Swift (and the
/// persisted-query manifest).
public enum CodeGenerator {
    /// What a run produced: files to write, or the errors that stopped it.
    public struct Result: Sendable {
        /// The generated Swift files (empty when there were errors).
        public var files: [GeneratedFile] = []
        /// The test mocks, when the configuration asks for them (written to `testMocks.output`).
        public var mockFiles: [GeneratedFile] = []
        /// The persisted-query manifest, when the configuration asks for one.
        public var manifest: PersistedQueryManifest?
        /// The compiled document, when compilation got that far.
        public var document: IRDocument?
        /// Errors: unreadable files, syntax errors, schema or operation validation errors.
        public var errors: [GraphQLError] = []
        /// The schema types a module with operations uses, as its compilation found them (before a
        /// schema module's set replaces them); nil after errors.
        var typeUsage: ModuleTypeUsage?
    }

    /// Runs the pipeline for a configuration whose paths are already resolved.
    /// - Parameters:
    ///   - options: the parser's limits, applied to each schema and operation file (the CLI's
    ///     `--max-tokens`).
    ///   - shared: the schema and upstream files when other modules of the run loaded them already.
    public static func run(_ configuration: GraftConfiguration, layout: SwiftGenerator.Layout = .perDefinition,
                           options: ParseOptions = .default, shared: SharedInputs = SharedInputs()) -> Result {
        run(configuration, layout: layout, options: options, shared: shared, dependentsTypes: nil)
    }

    /// Runs the pipeline for a configuration; a schema module declaring the used types takes them
    /// from `dependentsTypes` (its `usedBy` modules' compilations in the same run) when given,
    /// instead of loading and compiling their operations again.
    static func run(_ configuration: GraftConfiguration, layout: SwiftGenerator.Layout, options: ParseOptions,
                    shared: SharedInputs, dependentsTypes: [IRDocument]?) -> Result {
        var result = Result()
        if let error = missingSchemaModule(configuration) ?? misplacedSettings(configuration) {
            result.errors = [error]
            return result
        }
        let schemaTypes = configuration.schemaTypes ?? (configuration.isSchemaModule ? .all : .used)
        // A schema module of used types reads its dependents' operations for their types alone.
        let typesOnly = configuration.isSchemaModule && schemaTypes == .used
        let reused = typesOnly ? dependentsTypes : nil
        let inputs = InputLoader.load(schemaPaths: configuration.schemaPaths,
                                      operationPaths: reused != nil ? nil : typesOnly ? configuration.usedBy
                                          : configuration.isSchemaModule ? nil : configuration.operationPaths,
                                      upstream: configuration.upstream, options: options, shared: shared,
                                      repeatedOperationNames: typesOnly)
        guard let schema = inputs.schema else {
            result.errors = inputs.errors
            return result
        }
        let document: Document, sources: DocumentSources
        if configuration.isSchemaModule && (!typesOnly || reused != nil) {
            // The schema alone: no operations (every schema type, or the dependents' types given).
            document = Document(definitions: [], range: SourceRange(start: 0, end: 0))
            sources = DocumentSources(Source(bytes: [], name: "<none>"))
        } else if let loaded = inputs.document, let loadedSources = inputs.sources {
            (document, sources) = (loaded, loadedSources)
        } else {
            result.errors = inputs.errors
            return result
        }
        // `pagination` in graft.json names fields; one the schema lacks is a mistake, not a no-op.
        for field in configuration.pagination.keys.sorted() {
            let parts = field.split(separator: ".").map(String.init)
            guard parts.count == 2, schema.type(named: parts[0])?.fields.contains(where: { $0.name == parts[1] }) == true else {
                result.errors.append(GraphQLError("graft.json: 'pagination' names \(field), which is not a field of the schema"))
                continue
            }
        }
        // So does `maxAges`: each key a type or a field of the schema.
        for name in configuration.maxAges.keys.sorted() {
            let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let type = schema.type(named: parts[0])
            guard let type, type.kind == .object || type.kind == .interface,
                  parts.count == 1 || type.fields.contains(where: { $0.name == parts[1] }) else {
                result.errors.append(GraphQLError("graft.json: 'maxAges' names \(name), which is not "
                                                  + (parts.count == 1 ? "an object or interface type" : "a field") + " of the schema"))
                continue
            }
        }
        guard result.errors.isEmpty else {
            return result
        }
        // Bucketed, operation files name no output file, so equal names do not clash.
        if layout == .perInputFile && !typesOnly && configuration.fileBuckets == nil {
            result.errors = clashingOutputNames(inputs.operationFiles)
            guard result.errors.isEmpty else { return result }
        }
        if reused == nil {
            result.errors = SelectionDepth.errors(in: document, sources: sources, limit: options.maxDepth)
            guard result.errors.isEmpty else { return result }
        }
        var compiled = reused.map { IRDocument.schemaTypes(of: $0, schema: schema) }
            ?? IRBuilder.compile(document, sources: sources, schema: schema, typesOnly: typesOnly)
        compiled.upstreamFragments = inputs.upstreamFragments.mapValues(\.module)
        if !configuration.isSchemaModule { result.typeUsage = ModuleTypeUsage(compiled) }
        // A schema module declares every type; a module importing one names fragments and nested
        // types against the same set, so both sides agree on every Swift name.
        if schemaTypes == .all || configuration.schemaModule != nil { compiled = compiled.declaringAllSchemaTypes() }
        if typesOnly { compiled = compiled.schemaTypesOnly() }
        var generator = SwiftGenerator(document: compiled, configuration: configuration)
        generator.inputFiles = typesOnly ? [] : inputs.operationFiles
        result.document = compiled
        result.files = generator.files(layout: layout)
        result.mockFiles = generator.mockFiles()
        if configuration.persistedQueryManifest != nil { result.manifest = PersistedQueryManifest(document: compiled) }
        return result
    }

    /// In `.perInputFile` layout, an error for each output file name that two operation files
    /// (with the same name, in different folders) would share.
    static func clashingOutputNames(_ files: [String]) -> [GraphQLError] {
        Dictionary(grouping: Set(files), by: SwiftGenerator.outputName)
            .filter { $0.value.count > 1 }
            .sorted { $0.key < $1.key }
            .map { name, clashing in
                GraphQLError("operation files \(clashing.sorted().joined(separator: " and ")) would both generate \(name); "
                             + "with one file per operation file, operation file names must be unique: rename one of them")
            }
    }

    /// A module spreading fragments of upstream modules without a schema module to import would
    /// declare the schema types those modules' code uses a second time.
    static func missingSchemaModule(_ configuration: GraftConfiguration) -> GraphQLError? {
        guard configuration.schemaModule == nil, !configuration.upstream.isEmpty else { return nil }
        let names = configuration.upstream.map { "\($0.name) (\($0.operationPaths.joined(separator: ", ")))" }.joined(separator: ", ")
        return GraphQLError(
            "the module generated from \(configuration.operationPaths.joined(separator: ", ")) depends on "
                + "module \(names) but names no schema module, so both would declare the schema "
                + "types. Generate the schema in a module of its own (a configuration with \"operations\": [], or --schema-only) and "
                + "name it: \"schemaModule\": \"<Module>\" in graft.json, or --schema-module <Module>, in this module and in "
                + "\(configuration.upstream.count == 1 ? "its upstream module" : "its upstream modules")")
    }

    /// Settings of the schema module given to a module that imports one (where nothing would read
    /// them); `usedBy` outside a schema module declaring the types its dependents use, or such a
    /// module without it.
    static func misplacedSettings(_ configuration: GraftConfiguration) -> GraphQLError? {
        if let schemaModule = configuration.schemaModule {
            let misplaced = [("keyFields", !configuration.keyFields.isEmpty), ("pagination", !configuration.pagination.isEmpty),
                             ("maxAges", !configuration.maxAges.isEmpty), ("onError", configuration.onError != nil)]
                .filter(\.1).map { "\"\($0.0)\"" }
            if !misplaced.isEmpty {
                return GraphQLError("\(misplaced.joined(separator: " and ")) belong\(misplaced.count == 1 ? "s" : "") to the schema "
                                    + "module's configuration: \(schemaModule)'s SchemaMetadata serves every module importing it; "
                                    + "move \(misplaced.count == 1 ? "it" : "them") there")
            }
        }
        let usedTypes = configuration.isSchemaModule && configuration.schemaTypes == .used
        if usedTypes && configuration.usedBy.isEmpty {
            return GraphQLError("a schema module (no operations) declaring the used schema types needs the .graphql files of the "
                                + "modules that import it: list them in \"usedBy\" (--used-by PATH), or declare every type with "
                                + "\"schemaTypes\": \"all\"")
        }
        if !usedTypes && !configuration.usedBy.isEmpty {
            return GraphQLError("\"usedBy\" (--used-by) is read by a schema module (no operations) with \"schemaTypes\": \"used\" "
                                + "alone; this module \(configuration.isSchemaModule ? "declares every type" : "has operations of its own")")
        }
        return nil
    }
}
