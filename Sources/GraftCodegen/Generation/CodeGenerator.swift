import Foundation
import GraftCompiler
import GraftLanguage

/// The whole pipeline of `graft generate`: load and validate the schema, parse and validate the
/// operations, compile them to the IR and render Swift (and the persisted-query manifest).
public enum CodeGenerator {
    /// What a run produced: files to write, or the errors that stopped it.
    public struct Result: Sendable {
        /// The generated Swift files (empty when there were errors).
        public var files: [GeneratedFile] = []
        /// The persisted-query manifest, when the configuration asks for one.
        public var manifest: PersistedQueryManifest?
        /// The compiled document, when compilation got that far.
        public var document: IRDocument?
        /// Errors: unreadable files, syntax errors, schema or operation validation errors.
        public var errors: [GraphQLError] = []
    }

    /// Runs the pipeline for a configuration whose paths are already resolved.
    /// - Parameter options: the parser's limits, applied to each schema and operation file (the
    ///   CLI's `--max-tokens`).
    public static func run(_ configuration: GraftConfiguration, layout: SwiftGenerator.Layout = .perDefinition,
                           options: ParseOptions = .default) -> Result {
        var result = Result()
        let loaded = SchemaLoader.load(paths: configuration.schemaPaths, generatorDirectives: true, options: options)
        guard let schema = loaded.schema else {
            result.errors = loaded.errors
            return result
        }
        let (files, fileErrors) = operationFiles(in: configuration.operationPaths)
        guard fileErrors.isEmpty else {
            result.errors = fileErrors
            return result
        }
        if layout == .perInputFile {
            result.errors = clashingOutputNames(files)
            guard result.errors.isEmpty else { return result }
        }
        var sources: [Source] = []
        for file in files {
            let data: Data
            do {
                data = try FileReadError.read(file)
            } catch {
                result.errors.append(GraphQLError(error.description))
                continue
            }
            sources.append(Source(bytes: [UInt8](data), name: file))
        }
        guard result.errors.isEmpty else { return result }
        guard !sources.isEmpty else {
            result.errors = [GraphQLError("no operation files (.graphql) found in \(configuration.operationPaths.joined(separator: ", "))")]
            return result
        }
        switch compile(sources, schema: schema, options: options) {
        case .failure(let error):
            result.errors = error.errors
        case .success(let document):
            var generator = SwiftGenerator(document: document, configuration: configuration)
            generator.inputFiles = files
            result.document = document
            result.files = generator.files(layout: layout)
            if configuration.persistedQueryManifest != nil { result.manifest = PersistedQueryManifest(document: document) }
        }
        return result
    }

    /// Parses, validates (`SpecifiedRules.codeGeneration`) and compiles operation sources: each
    /// source is parsed alone with `options` (so syntax errors and limits point into its file),
    /// then all of them as one document.
    public static func compile(_ sources: [Source], schema: Schema,
                               options: ParseOptions = .default) -> Swift.Result<IRDocument, SchemaError> {
        var syntaxErrors: [GraphQLError] = []
        for source in sources {
            do {
                _ = try parse(source, options: options)
            } catch {
                syntaxErrors.append(GraphQLError(syntaxError: error, source: source))
            }
        }
        guard syntaxErrors.isEmpty else { return .failure(SchemaError(errors: syntaxErrors)) }
        let documentSources = DocumentSources(files: sources)
        let document: Document
        do {
            document = try parse(documentSources.combined, options: options.forCombinedFiles)
        } catch {
            let span = documentSources.span(SourceRange(start: error.byteOffset, end: error.byteOffset))
            return .failure(SchemaError(errors: [GraphQLError(error.message, locations: [span])]))
        }
        var errors = Validator(schema: schema, rules: SpecifiedRules.codeGeneration).validate(document, sources: documentSources)
        for case .operation(let operation) in document.definitions where operation.name == nil {
            errors.append(GraphQLError("Operations must be named to generate code for them.",
                                       locations: [documentSources.span(operation.range)]))
        }
        for definition in document.definitions where !definition.isExecutable {
            errors.append(GraphQLError("Operation files may only hold operations and fragments.",
                                       locations: [documentSources.span(definition.range)]))
        }
        guard errors.isEmpty else { return .failure(SchemaError(errors: errors)) }
        return .success(IRBuilder.compile(document, sources: documentSources, schema: schema))
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

    /// The `.graphql` files in `paths` (folders searched recursively), sorted per path; a file
    /// named twice (say, by its folder and by itself) is read once.
    public static func operationFiles(in paths: [String]) -> (files: [String], errors: [GraphQLError]) {
        var files: [String] = []
        var errors: [GraphQLError] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                errors.append(GraphQLError("\(path): no such file or directory"))
                continue
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            var found: [String] = []
            for case let relative as String in manager.enumerator(atPath: path) ?? FileManager.DirectoryEnumerator()
            where relative.lowercased().hasSuffix(".graphql") {
                found.append((path as NSString).appendingPathComponent(relative))
            }
            files.append(contentsOf: found.sorted())
        }
        var seen: Set<String> = []
        files = files.filter { seen.insert(($0 as NSString).standardizingPath).inserted }
        return (files, errors)
    }
}
