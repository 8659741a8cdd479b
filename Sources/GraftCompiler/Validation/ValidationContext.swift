import GraftLanguage

/// What the rules of one validation run share (graphql-js `ValidationContext`): the schema and
/// document, the `TypeInfo` of the current position, error reporting, and cached facts about
/// fragments and variable usages.
public final class ValidationContext {
    /// The schema the document is validated against.
    public let schema: Schema
    /// The document being validated.
    public let document: Document
    /// Where the document's text came from (for error locations).
    public let sources: DocumentSources
    /// Type information for the node being visited.
    public let typeInfo: TypeInfo
    /// The schema's types, indexed.
    public let types: ValidationTypes
    /// The errors reported so far, in order.
    public private(set) var errors: [GraphQLError] = []
    /// The most errors reported before validation stops (graphql-js `maxErrors`).
    public let maxErrors: Int
    /// Whether validation stopped at the error limit.
    public private(set) var isAborted = false

    /// Whether the top-level definition being visited is a type-system definition or extension.
    public internal(set) var isInTypeSystemDefinition = false
    /// The location of the node whose directives are being visited.
    public internal(set) var directiveLocation: DirectiveLocation?

    private var fragmentsByName: [String: FragmentDefinition]?
    /// Literal checks of custom scalars (see `Validator.customScalarLiterals`).
    public var customScalarLiterals: [String: @Sendable (Value) -> Bool] = [:]
    var fragmentSpreadsCache: [Int: [FragmentSpread]] = [:]
    var fragmentsOnCyclesCache: Set<String>?
    var referencedFragmentsCache: [Int: [FragmentDefinition]] = [:]
    var variableUsagesCache: [Int: [VariableUsage]] = [:]
    var recursiveVariableUsagesCache: [Int: [VariableUsage]] = [:]

    /// Creates a context.
    public convenience init(schema: Schema, document: Document, sources: DocumentSources, maxErrors: Int = 100) {
        self.init(types: ValidationTypes(schema: schema), document: document, sources: sources, maxErrors: maxErrors)
    }

    /// Creates a context with an existing index of the schema's types.
    public init(types: ValidationTypes, document: Document, sources: DocumentSources, maxErrors: Int = 100) {
        self.schema = types.schema
        self.document = document
        self.sources = sources
        self.types = types
        self.typeInfo = TypeInfo(types: types)
        self.maxErrors = maxErrors
    }

    /// Reports an error at the given nodes' ranges. After `maxErrors` errors, reports graphql-js's
    /// "Too many validation errors" error once and stops validation.
    public func report(_ message: String, at ranges: [SourceRange]) {
        guard !isAborted else { return }
        if errors.count >= maxErrors {
            errors.append(GraphQLError("Too many validation errors, error limit reached. Validation aborted."))
            isAborted = true
            return
        }
        errors.append(GraphQLError(message, locations: ranges.map(sources.span)))
    }

    /// Reports an error at one node's range.
    public func report(_ message: String, at range: SourceRange) {
        report(message, at: [range])
    }

    /// The fragment definition called `name` (the last one, if several share the name).
    public func fragment(named name: String) -> FragmentDefinition? {
        if fragmentsByName == nil {
            var fragments: [String: FragmentDefinition] = [:]
            for case .fragment(let fragment) in document.definitions { fragments[fragment.name.value] = fragment }
            fragmentsByName = fragments
        }
        return fragmentsByName![name]
    }

    /// The fragment spreads in a selection set, including those nested in inline fragments and
    /// fields, in graphql-js's order (a stack of selection sets).
    public func fragmentSpreads(in selectionSet: SelectionSet) -> [FragmentSpread] {
        if let cached = fragmentSpreadsCache[selectionSet.range.start] { return cached }
        var spreads: [FragmentSpread] = []
        var setsToVisit = [selectionSet]
        while let set = setsToVisit.popLast() {
            for selection in set.selections {
                switch selection {
                case .fragmentSpread(let spread): spreads.append(spread)
                case .field(let field): if let nested = field.selectionSet { setsToVisit.append(nested) }
                case .inlineFragment(let inline): setsToVisit.append(inline.selectionSet)
                }
            }
        }
        fragmentSpreadsCache[selectionSet.range.start] = spreads
        return spreads
    }

    /// Every fragment an operation uses, directly or through other fragments.
    public func recursivelyReferencedFragments(_ operation: OperationDefinition) -> [FragmentDefinition] {
        if let cached = referencedFragmentsCache[operation.range.start] { return cached }
        var fragments: [FragmentDefinition] = []
        var collected: Set<String> = []
        var nodesToVisit = [operation.selectionSet]
        while let node = nodesToVisit.popLast() {
            for spread in fragmentSpreads(in: node) {
                let name = spread.name.value
                guard collected.insert(name).inserted, let fragment = fragment(named: name) else { continue }
                fragments.append(fragment)
                nodesToVisit.append(fragment.selectionSet)
            }
        }
        referencedFragmentsCache[operation.range.start] = fragments
        return fragments
    }

    // MARK: Shortcuts to the type information

    /// The output type of the current field.
    public var type: TypeRef? { typeInfo.type }
    /// The composite parent type of the current selection set.
    public var parentType: ValidationType? { typeInfo.parentType }
    /// The expected input type at the current position.
    public var inputType: TypeRef? { typeInfo.inputType }
    /// The input type enclosing the current input position.
    public var parentInputType: TypeRef? { typeInfo.parentInputType }
    /// The current field.
    public var field: ValidationField? { typeInfo.field }
    /// The current directive's definition.
    public var directive: DirectiveDef? { typeInfo.directive }
    /// The current argument's definition.
    public var argument: InputValueDef? { typeInfo.argument }
    /// The current enum literal's definition.
    public var enumValue: EnumValueDef? { typeInfo.enumValue }
}
