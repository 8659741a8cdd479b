import GraftLanguage

extension InputLoader {
    /// Loads this module's operations with the fragments of its upstream modules as one document
    /// (their operations left out), so spreads of upstream fragments are validated and compiled
    /// like local ones. A fragment name declared twice across modules is an error naming both
    /// places; a validation error about an upstream fragment says which module declares it.
    static func loadModular(operationPaths: [String], upstream: [UpstreamModule], schema: Schema, options: ParseOptions,
                            shared: SharedInputs, into inputs: inout LoadedInputs) {
        var errors: [GraphQLError] = []
        var upstreamSources: [(module: String, source: Source)] = []
        for module in upstream {
            let read = shared.upstreamFiles(paths: module.operationPaths, options: options)
            upstreamSources += read.sources.map { (module.name, $0) }
            errors += read.errors.map { error in
                var error = error
                error.message = "upstream module \(module.name): " + error.message
                return error
            }
        }
        let own = OperationLoader.read(paths: operationPaths, options: options)
        inputs.operationFiles = own.files
        errors += own.errors
        guard errors.isEmpty else {
            inputs.errors = errors
            return
        }
        let moduleOfFile = Dictionary(upstreamSources.map { ($0.source.name, $0.module) }, uniquingKeysWith: { first, _ in first })
        let sources = DocumentSources(files: upstreamSources.map(\.source) + own.sources)
        let parsed: Document
        do {
            parsed = try parse(sources.combined, options: options.forCombinedFiles)
        } catch {
            let span = sources.span(SourceRange(start: error.byteOffset, end: error.byteOffset))
            inputs.errors = [GraphQLError(error.message, locations: [span])]
            return
        }
        var definitions: [Definition] = []
        var declared: [String: (module: String?, location: SourceSpan)] = [:]
        for definition in parsed.definitions {
            let span = sources.span(definition.range)
            let module = moduleOfFile[span.source.name]
            if case .fragment(let fragment) = definition {
                let name = fragment.name.value
                if let first = declared[name], first.module != module {
                    errors.append(duplicateFragment(name, first: first, second: (module, span)))
                } else if declared[name] == nil {
                    declared[name] = (module, span)
                }
                if let module { inputs.upstreamFragments[name] = UpstreamFragment(module: module, location: span) }
            } else if module != nil {
                continue  // an upstream module's operations belong to it alone
            }
            definitions.append(definition)
        }
        guard errors.isEmpty else {
            inputs.errors = errors
            return
        }
        let document = Document(definitions: definitions, range: parsed.range)
        inputs.errors = validate(document, sources: sources, schema: schema).map { annotate($0, upstream: inputs.upstreamFragments) }
        if inputs.errors.isEmpty {
            inputs.document = document
            inputs.sources = sources
        }
    }

    /// A fragment declared in two modules (or in this module and an upstream one): generated code
    /// could not tell the two Swift types apart where both modules are imported.
    private static func duplicateFragment(_ name: String, first: (module: String?, location: SourceSpan),
                                          second: (module: String?, location: SourceSpan)) -> GraphQLError {
        func place(_ module: String?) -> String { module.map { "module \($0)" } ?? "this module" }
        let (local, other) = second.module == nil ? (second, first) : (first, second)
        return GraphQLError(
            "Fragment \"\(name)\" is declared in \(place(local.module)) and in \(place(other.module)): a module and the modules "
                + "it depends on share one set of fragment names (their Swift types meet where the modules are imported together). "
                + "Rename one of them, or spread the upstream fragment instead of declaring it again.",
            locations: [local.location, other.location])
    }

    /// A validation error about an upstream fragment, with the module declaring it named and its
    /// definition as a further location.
    private static func annotate(_ error: GraphQLError, upstream: [String: UpstreamFragment]) -> GraphQLError {
        for (name, fragment) in upstream.sorted(by: { $0.key < $1.key })
        where error.message.contains("Fragment \"\(name)\"") || error.message.contains("fragment \"\(name)\"") {
            guard !error.locations.contains(fragment.location) else { continue }
            var annotated = error
            annotated.message += " Fragment \"\(name)\" is declared in module \(fragment.module)."
            annotated.locations.append(fragment.location)
            return annotated
        }
        return error
    }
}
