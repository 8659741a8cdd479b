import GraftLanguage

/// A custom rule (not in the specification; graphql-js `NoSchemaIntrospectionCustomRule`): reports
/// fields that return introspection types (Section 4 "Introspection"), for servers that disable it.
final class NoSchemaIntrospectionCustomRule: ValidationRule {
    static let name = "NoSchemaIntrospectionCustomRule"
    static let visitedNodes: VisitedNodes = .field
    private static let introspectionTypes: Set<String> = ["__Schema", "__Directive", "__DirectiveLocation", "__Type",
                                                           "__Field", "__InputValue", "__EnumValue", "__TypeKind"]
    private let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: Field) -> VisitAction {
        if let type = context.type, Self.introspectionTypes.contains(type.namedType) {
            context.report("GraphQL introspection has been disabled, but the requested query contained the field \"\(node.name.value)\".",
                           at: node.range)
        }
        return .visitChildren
    }
}
