import GraftLanguage

/// Builds schemas from SDL sources (graphql-js `buildASTSchema` / `extendSchema` over the
/// concatenation of all files) or from parsed documents.
///
/// ```swift
/// let schema = try SchemaBuilder.build(sdl: [Source(text, name: "schema.graphqls")])
/// ```
public enum SchemaBuilder {
    /// Parses and builds a schema from one or more SDL sources, as if they were one document.
    ///
    /// Adds the specified scalars, the built-in directives (unless redefined) and the introspection
    /// types. Root types come from `schema { }` (and `extend schema`), else from types named
    /// `Query`, `Mutation` and `Subscription`.
    /// - Parameter validate: when true (the default), runs SDL validation and schema validation
    ///   and throws if either reports an error.
    /// - Throws: `SchemaError` with every syntax error (one per failing source), or every
    ///   validation error.
    public static func build(sdl sources: [Source], validate: Bool = true) throws(SchemaError) -> Schema {
        var documents: [Located<Document>] = []
        var syntaxErrors: [GraphQLError] = []
        for source in sources {
            do {
                documents.append(Located(try parse(source), source: source))
            } catch {
                syntaxErrors.append(GraphQLError(syntaxError: error, source: source))
            }
        }
        if !syntaxErrors.isEmpty { throw SchemaError(errors: syntaxErrors) }
        return try build(documents: documents, validate: validate)
    }

    /// Builds a schema from parsed documents (each with its source).
    /// - Parameter validate: when true, runs SDL validation and schema validation and throws
    ///   if either reports an error.
    public static func build(documents: [Located<Document>], validate: Bool = true) throws(SchemaError) -> Schema {
        if validate {
            let sdlErrors = SDLValidator.validate(documents)
            if !sdlErrors.isEmpty { throw SchemaError(errors: sdlErrors) }
        }
        let schema = SchemaAssembler(documents: documents, namesAreUnique: validate).assemble(base: nil)
        if validate {
            let errors = SchemaValidator.validate(schema)
            if !errors.isEmpty { throw SchemaError(errors: errors) }
        }
        return schema
    }

    /// Builds a schema without any validation (graphql-js `assumeValid`). Unknown type names stay
    /// as written; lookups of them return nil.
    public static func buildUnchecked(documents: [Located<Document>]) -> Schema {
        SchemaAssembler(documents: documents).assemble(base: nil)
    }

    /// Extends a schema with type-system definitions and extensions (graphql-js `extendSchema`).
    /// - Parameter validate: when true, runs SDL validation against `schema` and schema validation.
    public static func extend(_ schema: Schema, with documents: [Located<Document>],
                              validate: Bool = true) throws(SchemaError) -> Schema {
        if validate {
            let sdlErrors = SDLValidator.validate(documents, extending: schema)
            if !sdlErrors.isEmpty { throw SchemaError(errors: sdlErrors) }
        }
        let extended = SchemaAssembler(documents: documents).assemble(base: schema)
        if validate {
            let errors = SchemaValidator.validate(extended)
            if !errors.isEmpty { throw SchemaError(errors: errors) }
        }
        return extended
    }
}

extension GraphQLError {
    /// A syntax error as a `GraphQLError` located in `source`.
    public init(syntaxError: SyntaxError, source: Source) {
        self.init(syntaxError.message,
                  locations: [SourceSpan(source: source, range: SourceRange(start: syntaxError.byteOffset, end: syntaxError.byteOffset))])
        exceededLimit = syntaxError.exceededLimit
    }
}
