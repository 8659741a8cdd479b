import GraftLanguage

/// Spec 5.5.1.2 "Fragment Spread Type Existence" and 5.8.2 "Variables Are Input Types"
/// (Section-5-Validation.md): every named type referenced exists in the schema (or is defined in
/// the document).
final class OperationKnownTypeNamesRule: ValidationRule {
    static let name = "KnownTypeNamesRule"
    static let visitedNodes: VisitedNodes = .namedType
    private let context: ValidationContext
    private var definedTypes: Set<String> = []
    private lazy var typeNames: [String] = context.schema.types.map(\.name).filter(context.schema.hasOwnType) + definedTypeOrder

    private var definedTypeOrder: [String] = []
    /// Built-in scalars and introspection types, which SDL may reference without defining them.
    static let standardTypeNames = ["String", "Int", "Float", "Boolean", "ID", "__Schema", "__Directive",
                                    "__DirectiveLocation", "__Type", "__Field", "__InputValue", "__EnumValue", "__TypeKind"]

    init(context: ValidationContext) {
        self.context = context
        for case .type(let type) in context.document.definitions where definedTypes.insert(type.name.value).inserted {
            definedTypeOrder.append(type.name.value)
        }
    }

    func enter(_ node: NamedType) -> VisitAction {
        let name = node.name.value
        guard !context.schema.hasOwnType(named: name), !definedTypes.contains(name) else { return .visitChildren }
        let isSDL = context.isInTypeSystemDefinition
        if isSDL && Self.standardTypeNames.contains(name) { return .visitChildren }
        let suggestions = Suggestions.list(name, isSDL ? Self.standardTypeNames + typeNames : typeNames)
        context.report("Unknown type \"\(name)\"." + Suggestions.didYouMean(suggestions), at: node.range)
        return .visitChildren
    }
}
