import GraftLanguage

/// The directives the code generator understands on top of the specification's, added to every
/// schema it builds (Apollo iOS declares the same set in `apolloCodegenSchemaExtension` and its
/// `@defer` support), so operations written for Apollo iOS validate and schemas that apply
/// `@typePolicy` without declaring it build:
///
/// - `@defer(label: String, if: Boolean! = true)` on fragment spreads and inline fragments, and
///   `@stream(label: String, if: Boolean! = true, initialCount: Int = 0)` on fields (incremental
///   delivery, graphql-js 17's definitions).
/// - `@typePolicy(keyFields: String!)` on objects and interfaces: the fields that identify an
///   object in the normalized cache.
/// - `@fieldPolicy(forField: String!, keyArgs: String!)` (repeatable) on objects and interfaces:
///   the arguments that identify a field's cached object.
/// - `@apollo_client_ios_localCacheMutation` on operations and fragments: the selection is used
///   to write to the cache, never sent to a server.
/// - `@import(module: String!)` (repeatable) on operations and fragments: the Swift module that
///   defines a fragment used by the operation.
/// - `@oneOf` on input objects, where the schema builder's built-ins lack it.
/// - `@semanticNonNull(levels: [Int!]! = [0])` on field definitions: the field (at those list
///   levels) is null only when an error says so (the GraphQL nullability working group's
///   definition, as Apollo Kotlin and Relay read it).
/// - `@catch(to: CatchTo! = RESULT)` on fields, with `enum CatchTo { RESULT NULL THROW }`: how the
///   generated property hands over the field's error. `CatchTo` is the generator's, not the
///   schema's own (`Schema.generatorOnlyTypes`): no Swift type is generated for it.
///
/// A schema's own definition of one of these directives wins over the generator's.
public enum GeneratorDirectives {
    /// The SDL of every generator directive.
    public static let sdl = """
    directive @defer(label: String, if: Boolean! = true) on FRAGMENT_SPREAD | INLINE_FRAGMENT
    directive @stream(label: String, if: Boolean! = true, initialCount: Int = 0) on FIELD
    directive @typePolicy(keyFields: String!) on OBJECT | INTERFACE
    directive @fieldPolicy(forField: String!, keyArgs: String!) repeatable on OBJECT | INTERFACE
    directive @apollo_client_ios_localCacheMutation on QUERY | MUTATION | SUBSCRIPTION | FRAGMENT_DEFINITION
    directive @import(module: String!) repeatable on QUERY | MUTATION | SUBSCRIPTION | FRAGMENT_DEFINITION
    directive @oneOf on INPUT_OBJECT
    directive @semanticNonNull(levels: [Int!]! = [0]) on FIELD_DEFINITION
    directive @catch(to: CatchTo! = RESULT) on FIELD
    enum CatchTo { RESULT NULL THROW }
    """

    /// The types of `sdl` and the directive that needs each (added with it).
    static let argumentTypes: [String: String] = ["CatchTo": "catch"]

    /// The name of the source the generator's definitions are parsed from (seen in diagnostics).
    public static let sourceName = "<graft generator directives>"

    /// The definitions of the generator directives that neither `documents`, nor the schema they
    /// extend, nor the built-ins define.
    public static func missingDefinitions(for documents: [Located<Document>], base: Schema? = nil) -> Located<Document>? {
        var defined = Set(BuiltIns.directiveNames)
        var definedTypes: Set<String> = []
        for directive in base?.directives ?? NamedList() { defined.insert(directive.name) }
        for type in base?.types ?? NamedList() { definedTypes.insert(type.name) }
        for located in documents {
            for definition in located.node.definitions {
                switch definition {
                case .directive(let directive): defined.insert(directive.name.value)
                case .type(let type): definedTypes.insert(type.name.value)
                default: break
                }
            }
        }
        let missing = sdl.split(separator: "\n").filter { line in
            if line.hasPrefix("enum ") {
                let name = String(line.dropFirst("enum ".count).prefix { $0 != " " })
                // Added with its directive, unless the documents define a type of that name.
                return !definedTypes.contains(name) && !defined.contains(argumentTypes[name] ?? "")
            }
            guard let name = line.dropFirst("directive @".count).split(whereSeparator: { $0 == "(" || $0 == " " }).first
            else { return false }
            return !defined.contains(String(name))
        }
        guard !missing.isEmpty else { return nil }
        let source = Source(missing.joined(separator: "\n"), name: sourceName)
        guard let document = try? parse(source) else { return nil }
        return Located(document, source: source)
    }

    /// Builds a schema from SDL sources plus the generator directives they do not define.
    /// - Throws: `SchemaError` with syntax or validation errors of the sources.
    public static func buildSchema(sdl sources: [Source], validate: Bool = true) throws(SchemaError) -> Schema {
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
        if let extra = missingDefinitions(for: documents) { documents.append(extra) }
        return try SchemaBuilder.build(documents: documents, validate: validate)
    }
}
