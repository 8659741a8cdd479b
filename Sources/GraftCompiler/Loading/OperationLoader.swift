import Foundation
import GraftLanguage

/// Operation files read and parsed as one document (fragments are shared across files).
public struct OperationLoadResult: Sendable {
    /// The combined document, or nil when a file could not be read or parsed.
    public var document: Document?
    /// The files the document came from (for error locations).
    public var sources: DocumentSources?
    /// Unreadable paths and syntax errors.
    public var errors: [GraphQLError]
    /// The files read, in order.
    public var files: [String]
}

/// Loads operations from files and folders, as the `graft` commands take them with `--operations`
/// (`InputLoader` loads them with the schema and checks them).
public enum OperationLoader {
    /// The extension of operation files found in folders.
    public static let fileExtension = "graphql"

    /// Expands paths: a file stays as given; a folder becomes its `.graphql` files (recursively,
    /// sorted); a file named twice is listed once.
    public static func operationFiles(in paths: [String]) -> (files: [String], errors: [GraphQLError]) {
        InputPaths.expand(paths) { found in found.filter { InputPaths.fileExtension($0) == fileExtension } }
    }

    /// Reads and parses the operation files in `paths`: each file alone (so syntax errors point
    /// into it), then all of them as one document.
    /// - Parameter options: the parser's limits, applied to each file (the CLI's `--max-tokens`).
    public static func load(paths: [String], options: ParseOptions = .default) -> OperationLoadResult {
        let read = read(paths: paths, options: options)
        guard read.errors.isEmpty else { return OperationLoadResult(document: nil, sources: nil, errors: read.errors, files: read.files) }
        let combined = DocumentSources(files: read.sources)
        do {
            let document = try parse(combined.combined, options: options.forCombinedFiles)
            return OperationLoadResult(document: document, sources: combined, errors: [], files: read.files)
        } catch {
            let span = combined.span(SourceRange(start: error.byteOffset, end: error.byteOffset))
            return OperationLoadResult(document: nil, sources: nil,
                                       errors: [GraphQLError(error.message, locations: [span])], files: read.files)
        }
    }

    /// The operation files in `paths`, each read and parsed alone: their sources, the files found,
    /// and unreadable paths and syntax errors (an error too when no file is found).
    static func read(paths: [String], options: ParseOptions) -> OperationFiles {
        let (files, pathErrors) = operationFiles(in: paths)
        var errors = pathErrors
        var sources: [Source] = []
        for file in files {
            guard let data = InputPaths.read(file, errors: &errors) else { continue }
            let source = Source(bytes: [UInt8](data), name: file)
            do {
                _ = try parse(source, options: options)
                sources.append(source)
            } catch {
                errors.append(GraphQLError(syntaxError: error, source: source))
            }
        }
        if files.isEmpty && errors.isEmpty {
            errors.append(GraphQLError("no operation files (.\(fileExtension)) found in \(paths.joined(separator: ", "))"))
        }
        return OperationFiles(sources: sources, files: files, errors: errors)
    }
}

/// Operation files each read and parsed alone (`OperationLoader.read`).
struct OperationFiles: Sendable {
    /// The files that parsed, in order.
    var sources: [Source]
    /// The files found.
    var files: [String]
    /// Unreadable paths and syntax errors (an error too when no file is found).
    var errors: [GraphQLError]
}
