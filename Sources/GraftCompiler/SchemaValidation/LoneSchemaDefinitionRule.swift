import GraftLanguage

/// Lone Schema Definition (Section 3.3): a document defines at most one schema, and a schema
/// extension document cannot define a new one (graphql-js `LoneSchemaDefinitionRule`).
extension SDLValidationContext {
    mutating func checkLoneSchemaDefinition() {
        let alreadyDefined = schema.map {
            $0.definition != nil || $0.queryType != nil || $0.mutationType != nil || $0.subscriptionType != nil
        } ?? false
        var count = 0
        var found: [(Int, Source, SchemaDefinition)] = []
        forEachDefinition { index, source, definition in
            if case .schema(let node) = definition { found.append((index, source, node)) }
        }
        for (index, source, node) in found {
            let span = SourceSpan(source: source, range: node.range)
            if alreadyDefined {
                report(GraphQLError("Cannot define a new schema within a schema extension.", locations: [span]),
                       document: index, offset: node.range.start)
                continue
            }
            if count > 0 {
                report(GraphQLError("Must provide only one schema definition.", locations: [span]),
                       document: index, offset: node.range.start)
            }
            count += 1
        }
    }
}
