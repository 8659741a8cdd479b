import GraftLanguage

/// Validates executable documents against a schema (Section 5 of the specification), the way
/// graphql-js 16's `validate()` does: all rules run in one walk of the document with a shared
/// `TypeInfo`, errors come out in graphql-js's order, and validation stops after `maxErrors`.
public struct Validator: Sendable {
    /// The schema documents are validated against.
    public var schema: Schema { types.schema }
    /// The schema's types, indexed once for every validation.
    public let types: ValidationTypes
    /// The rules to run, in order.
    public var rules: [any ValidationRule.Type] {
        didSet { dispatch = RuleDispatch(rules) }
    }
    private var dispatch: RuleDispatch
    /// The most errors reported before validation stops.
    public var maxErrors: Int
    /// Literal checks of custom scalars, by scalar name: the counterpart of a graphql-js scalar's
    /// `parseLiteral`. A literal the check rejects is reported as `Expected value of type "T",
    /// found <literal>.`; custom scalars without a check accept every literal.
    public var customScalarLiterals: [String: @Sendable (Value) -> Bool] = [:]

    /// Creates a validator; the rules default to the specification's rules in graphql-js's order.
    public init(schema: Schema, rules: [any ValidationRule.Type] = SpecifiedRules.all, maxErrors: Int = 100) {
        self.types = ValidationTypes(schema: schema)
        self.rules = rules
        self.dispatch = RuleDispatch(rules)
        self.maxErrors = maxErrors
    }

    /// Validates a document parsed from one source.
    public func validate(_ document: Document, source: Source) -> [GraphQLError] {
        validate(document, sources: DocumentSources(source))
    }

    /// Validates a document parsed from the combined text of `sources`.
    public func validate(_ document: Document, sources: DocumentSources) -> [GraphQLError] {
        let context = ValidationContext(types: types, document: document, sources: sources, maxErrors: maxErrors)
        context.customScalarLiterals = customScalarLiterals
        var walker = ValidationWalker(context: context, rules: rules.map { $0.init(context: context) }, dispatch: dispatch)
        document.walk(&walker)
        return context.errors
    }
}
