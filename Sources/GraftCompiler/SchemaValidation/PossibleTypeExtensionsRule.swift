import GraftLanguage

/// Type extensions (Section 3.4.3 and each type's "Extensions" validation): the extended type must
/// be defined, and of the extension's kind (graphql-js `PossibleTypeExtensionsRule`).
extension SDLValidationContext {
    mutating func checkPossibleTypeExtensions() {
        let table = typeTable
        for node in table.extensions {
            let index = node.document
            let name = node.name.value
            let source = documents[index].source
            let extensionKind = node.kind
            let definition = table.entry(named: name)?.lastDefinition
            if let expectedKind = definition?.0 ?? schema?.types[name]?.kind {
                if expectedKind != extensionKind {
                    var locations: [SourceSpan] = []
                    if let (_, definitionDocument, range) = definition {
                        locations.append(SourceSpan(source: documents[definitionDocument].source, range: range))
                    }
                    locations.append(SourceSpan(source: source, range: node.range))
                    report(GraphQLError("Cannot extend non-\(extensionKind.extensionWord) type \"\(name)\".", locations: locations),
                           document: index, offset: node.range.start)
                }
            } else {
                var names = table.definedOrder
                for type in schema?.types ?? NamedList() where table.entry(named: type.name)?.lastDefinition == nil { names.append(type.name) }
                let suggestions = Suggestions.list(name, names)
                report(GraphQLError("Cannot extend type \"\(name)\" because it is not defined." + Suggestions.didYouMean(suggestions),
                                    locations: [SourceSpan(source: source, range: node.name.range)]),
                       document: index, offset: node.range.start)
            }
        }
    }
}

extension TypeKind {
    /// The word graphql-js uses for the kind in extension errors.
    var extensionWord: String {
        switch self {
        case .scalar: return "scalar"
        case .object: return "object"
        case .interface: return "interface"
        case .union: return "union"
        case .enum: return "enum"
        case .inputObject: return "input object"
        }
    }
}
