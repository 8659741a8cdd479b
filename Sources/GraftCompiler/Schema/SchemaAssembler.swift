import GraftLanguage

/// Builds a schema from type-system documents, optionally on top of an existing schema
/// (graphql-js `extendSchemaImpl`, followed by `buildASTSchema`'s defaults when there is no base).
/// Performs no validation: unknown names are kept as written and reported by the validators.
struct SchemaAssembler {
    private var typeDefinitions: [Located<TypeDefinition>] = []
    private var typeExtensions: [String: [Located<TypeDefinition>]] = [:]
    private var directiveDefinitions: [Located<DirectiveDefinition>] = []
    /// For each of `directiveDefinitions`, whether it is one of the `GeneratorDirectives` (from the
    /// document named `GeneratorDirectives.sourceName`).
    private var isGeneratorDirective: [Bool] = []
    /// The types the `GeneratorDirectives` define for their arguments (`CatchTo`): not the schema's own.
    private var generatorTypeNames: Set<String> = []
    private var schemaDefinition: Located<SchemaDefinition>?
    private var schemaExtensions: [Located<SchemaDefinition>] = []
    private var builder = TypeDefinitionBuilder()

    /// Collects the type-system definitions of documents (executable definitions are ignored).
    /// - Parameter namesAreUnique: whether SDL validation has passed, so that the members of each
    ///   type and field have unique names (they are then not looked up before being added).
    init(documents: [Located<Document>], namesAreUnique: Bool = false) {
        builder.namesAreUnique = namesAreUnique
        typeDefinitions.reserveCapacity(documents.reduce(0) { $0 + $1.node.definitions.count })
        for document in documents {
            let source = document.source
            let isGenerator = source.name == GeneratorDirectives.sourceName
            // Read in place: iterating copies each definition once more than storing its node does.
            document.node.definitions.forEachInPlace { definition in
                switch definition.pointee {
                case .schema(let node): schemaDefinition = Located(node, source: source)
                case .schemaExtension(let node): schemaExtensions.append(Located(node, source: source))
                case .type(let node):
                    typeDefinitions.append(Located(node, source: source))
                    if isGenerator { generatorTypeNames.insert(node.name.value) }
                case .typeExtension(let node): typeExtensions[node.name.value, default: []].append(Located(node, source: source))
                case .directive(let node):
                    directiveDefinitions.append(Located(node, source: source))
                    isGeneratorDirective.append(isGenerator)
                case .operation, .fragment: break
                }
            }
        }
    }

    /// Whether the documents hold any type-system definition or extension.
    var isEmpty: Bool {
        typeDefinitions.isEmpty && typeExtensions.isEmpty && directiveDefinitions.isEmpty
            && schemaDefinition == nil && schemaExtensions.isEmpty
    }

    /// Builds the schema; `base` is the schema being extended, if any.
    func assemble(base: Schema?) -> Schema {
        if let base, isEmpty { return base }
        var types: [NamedTypeDef] = []
        // NameIndex rather than [String: Int]: SipHash per type name was a tenth of this function.
        var indexByName = NameIndex()
        types.reserveCapacity((base?.types.count ?? 0) + typeDefinitions.count)
        indexByName.reserveCapacity(types.capacity)
        if let base {
            // Standard types only the generator's directives reach are looked up again; the
            // generator's own types (`generatorTypeNames`) are kept.
            for var type in base.types where !base.generatorOnlyTypes.contains(type.name) || !BuiltIns.isStandardType(type.name) {
                if !BuiltIns.isStandardType(type.name), let extensions = typeExtensions[type.name] {
                    for extensionNode in extensions { builder.applyExtension(extensionNode, to: &type) }
                }
                _ = indexByName.insertIfAbsent(type.name, position: types.count)
                types.append(type)
            }
        }
        typeDefinitions.forEachInPlace { definition in
            let name = definition.pointee.node.name.value
            let standard = BuiltIns.mayBeStandardType(name) ? BuiltIns.standardTypes[name] : nil
            let type = standard ?? builder.makeType(definition.pointee, extensions: typeExtensions.isEmpty ? [] : typeExtensions[name] ?? [])
            let index = indexByName.insertIfAbsent(name, position: types.count)
            if index == types.count { types.append(type) } else { types[index] = type }
        }

        var directives = base.map { Array($0.directives) } ?? []
        for (index, definition) in directiveDefinitions.enumerated() {
            var directive = builder.makeDirective(definition)
            directive.isGeneratorDirective = isGeneratorDirective[index]
            directives.append(directive)
        }
        if base == nil {
            let defined = Set(directives.map(\.name))
            directives.append(contentsOf: BuiltIns.directives.filter { !defined.contains($0.name) })
        }

        var query = base?.queryType
        var mutation = base?.mutationType
        var subscription = base?.subscriptionType
        for node in [schemaDefinition].compactMap({ $0 }) + schemaExtensions {
            for operationType in node.node.operationTypes {
                switch operationType.operation {
                case .query: query = operationType.type.name.value
                case .mutation: mutation = operationType.type.name.value
                case .subscription: subscription = operationType.type.name.value
                }
            }
        }
        let definition = schemaDefinition ?? base?.definition
        if base == nil && definition == nil {
            if indexByName.position(of: "Query") != nil { query = "Query" }
            if indexByName.position(of: "Mutation") != nil { mutation = "Mutation" }
            if indexByName.position(of: "Subscription") != nil { subscription = "Subscription" }
        }

        var schemaDirectives = base?.schemaDirectives ?? []
        for node in [schemaDefinition].compactMap({ $0 }) + schemaExtensions {
            for directive in node.node.directives {
                schemaDirectives.append(AppliedDirective(name: directive.name.value, arguments: directive.arguments,
                                                         span: node.span(directive.range)))
            }
        }

        let (ordered, generatorOnlyTypes) = TypeMapOrder.order(
            given: types, roots: [query, mutation, subscription], directives: directives) { BuiltIns.standardTypes[$0] }
        return Schema(
            description: schemaDefinition?.node.description?.value ?? base?.description,
            types: ordered, directives: NamedList(directives),
            queryType: query, mutationType: mutation, subscriptionType: subscription,
            schemaDirectives: schemaDirectives,
            schemaSpan: definition.map { $0.span($0.node.range) },
            definition: definition, extensions: (base?.extensions ?? []) + schemaExtensions,
            generatorOnlyTypes: generatorOnlyTypes.union(generatorTypeNames)
                .union(base?.generatorOnlyTypes.filter { !BuiltIns.isStandardType($0) } ?? []))
    }
}
