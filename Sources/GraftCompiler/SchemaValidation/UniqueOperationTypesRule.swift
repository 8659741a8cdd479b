import GraftLanguage

/// Unique Operation Types (Section 3.3): each operation type is given at most one root type
/// across the schema definition and its extensions (graphql-js `UniqueOperationTypesRule`).
extension SDLValidationContext {
    mutating func checkUniqueOperationTypes() {
        var defined: [OperationType: SourceSpan] = [:]
        var nodes: [(Int, Source, SchemaDefinition)] = []
        forEachDefinition { index, source, definition in
            switch definition {
            case .schema(let node), .schemaExtension(let node): nodes.append((index, source, node))
            default: break
            }
        }
        for (index, source, node) in nodes {
            for operationType in node.operationTypes {
                let operation = operationType.operation
                let span = SourceSpan(source: source, range: operationType.range)
                let existing: String? = switch operation {
                case .query: schema?.queryType
                case .mutation: schema?.mutationType
                case .subscription: schema?.subscriptionType
                }
                if existing != nil {
                    report(GraphQLError("Type for \(operation.rawValue) already defined in the schema. It cannot be redefined.",
                                        locations: [span]), document: index, offset: node.range.start)
                } else if let previous = defined[operation] {
                    report(GraphQLError("There can be only one \(operation.rawValue) type in schema.", locations: [previous, span]),
                           document: index, offset: node.range.start)
                } else {
                    defined[operation] = span
                }
            }
        }
    }
}
