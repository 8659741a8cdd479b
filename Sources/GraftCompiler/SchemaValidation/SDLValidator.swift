import GraftLanguage

/// Validates type-system documents before a schema is built from them (graphql-js
/// `validateSDL` with `specifiedSDLRules`), optionally against a schema they extend.
public enum SDLValidator {
    /// Runs `rules` (all SDL rules by default) over the documents, as if concatenated, and returns
    /// the errors in graphql-js's order: for each definition node, each rule in order.
    public static func validate(_ documents: [Located<Document>], extending schema: Schema? = nil,
                                rules: [SDLRule] = SDLRule.allCases) -> [GraphQLError] {
        var context = SDLValidationContext(documents: documents, schema: schema)
        for rule in rules { rule.run(&context) }
        return context.sortedErrors()
    }
}
