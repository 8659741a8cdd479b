import Foundation
import GraftLanguage

/// What `SchemaLoader.load(paths:)` produced: the schema when it could be built and was valid,
/// and every error found on the way.
public struct SchemaLoadResult: Sendable {
    /// The schema, or nil when any error was found.
    public var schema: Schema?
    /// Errors: unreadable files, syntax errors, SDL validation or schema validation errors.
    public var errors: [GraphQLError]
    /// The files that were read, in order.
    public var files: [String]
}

/// Loads a schema from files and folders, as the `graft` commands take them with `--schema`:
/// SDL files (`.graphqls`, `.graphql`) are combined as one document; an introspection result
/// (`.json`) is the base that SDL files extend.
public enum SchemaLoader {
    /// The extensions of schema files found in folders.
    public static let fileExtensions: Set<String> = ["graphqls", "graphql", "json"]

    /// Expands paths: a file stays as given; a folder becomes its schema files (recursively,
    /// sorted). A folder's JSON files are used only when it has no `.graphqls`/`.graphql` files,
    /// and only those that hold `__schema` (an introspection result).
    public static func schemaFiles(in paths: [String]) -> (files: [String], errors: [GraphQLError]) {
        InputPaths.expand(paths) { found in
            let schemaFiles = found.filter { fileExtensions.contains(InputPaths.fileExtension($0)) }
            let sdl = schemaFiles.filter { InputPaths.fileExtension($0) != "json" }
            return sdl.isEmpty ? schemaFiles.filter(isIntrospectionResult) : sdl
        }
    }

    /// Reads, parses, builds and (by default) validates the schema in `paths`.
    /// - Parameters:
    ///   - generatorDirectives: when true, adds the `GeneratorDirectives` the files do not define.
    ///   - options: the parser's limits, applied to each SDL file (the CLI's `--max-tokens`).
    public static func load(paths: [String], validate: Bool = true, generatorDirectives: Bool = false,
                            options: ParseOptions = .default) -> SchemaLoadResult {
        let (files, pathErrors) = schemaFiles(in: paths)
        var errors = pathErrors
        var base: Schema?
        var documents: [Located<Document>] = []
        for file in files {
            guard let data = InputPaths.read(file, errors: &errors) else { continue }
            if file.lowercased().hasSuffix(".json") {
                if base != nil {
                    errors.append(GraphQLError("\(file): only one introspection result can be loaded"))
                    continue
                }
                do {
                    base = try IntrospectionSchemaBuilder.build(json: data, sourceName: file)
                } catch {
                    errors.append(contentsOf: error.errors)
                }
                continue
            }
            let source = Source(bytes: [UInt8](data), name: file)
            do {
                documents.append(Located(try parse(source, options: options), source: source))
            } catch {
                errors.append(GraphQLError(syntaxError: error, source: source))
            }
        }
        if files.isEmpty && errors.isEmpty { errors.append(GraphQLError("no schema files found in \(paths.joined(separator: ", "))")) }
        if errors.isEmpty, base == nil, let error = operationsInsteadOfSchema(documents) { errors.append(error) }
        guard errors.isEmpty else { return SchemaLoadResult(schema: nil, errors: errors, files: files) }
        if generatorDirectives, let extra = GeneratorDirectives.missingDefinitions(for: documents, base: base) {
            documents.append(extra)
        }
        do {
            let schema: Schema
            if let base {
                schema = documents.isEmpty ? base : try SchemaBuilder.extend(base, with: documents, validate: validate)
                if validate && documents.isEmpty {
                    let schemaErrors = SchemaValidator.validate(schema)
                    if !schemaErrors.isEmpty { return SchemaLoadResult(schema: nil, errors: schemaErrors, files: files) }
                }
            } else {
                schema = try SchemaBuilder.build(documents: documents, validate: validate)
            }
            return SchemaLoadResult(schema: schema, errors: [], files: files)
        } catch {
            return SchemaLoadResult(schema: nil, errors: error.errors, files: files)
        }
    }

    /// An error when the documents hold operations or fragments and no type-system definition at
    /// all (a folder of operations given as the schema), pointing at the first of them; a schema
    /// that merely also holds operations gets graphql-js's SDL errors instead.
    static func operationsInsteadOfSchema(_ documents: [Located<Document>]) -> GraphQLError? {
        var first: (Located<Document>, SourceRange)?
        for document in documents {
            for definition in document.node.definitions {
                switch definition {
                case .operation(let operation): if first == nil { first = (document, operation.range) }
                case .fragment(let fragment): if first == nil { first = (document, fragment.range) }
                default: return nil
                }
            }
        }
        guard let (document, range) = first else { return nil }
        return GraphQLError("""
            found operations or fragments, not a schema: the schema is SDL (type definitions, usually .graphqls \
            files) or an introspection result (.json); operations go with --operations (or graft.json's "operations")
            """, locations: [SourceSpan(source: document.source, range: range)])
    }

    private static func isIntrospectionResult(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = handle.readData(ofLength: 4096)
        return String(decoding: head, as: UTF8.self).contains("\"__schema\"")
    }
}
