/// The operation types (Section 2.3).
public enum OperationType: String, Sendable, Hashable, CaseIterable {
    /// A read-only fetch.
    case query
    /// A write followed by a fetch.
    case mutation
    /// A long-lived request that receives events.
    case subscription
}

/// An operation definition (Section 2.3).
public struct OperationDefinition: Sendable, Hashable {
    /// A description (2025 grammar), or nil.
    public var description: StringValue?
    /// The operation type (`query` for the shorthand form).
    public var operation: OperationType
    /// The name, or nil for anonymous operations.
    public var name: Name?
    /// The variable definitions.
    public var variableDefinitions: [VariableDefinition]
    /// The directives.
    public var directives: [Directive]
    /// The selection set.
    public var selectionSet: SelectionSet
    /// Where it is.
    public var range: SourceRange

    /// Creates an operation definition.
    public init(description: StringValue? = nil, operation: OperationType, name: Name?, variableDefinitions: [VariableDefinition],
                directives: [Directive], selectionSet: SelectionSet, range: SourceRange) {
        self.description = description
        self.operation = operation
        self.name = name
        self.variableDefinitions = variableDefinitions
        self.directives = directives
        self.selectionSet = selectionSet
        self.range = range
    }
}

/// A variable definition `$name: Type = default @directives` (Section 2.10).
public struct VariableDefinition: Sendable, Hashable {
    /// A description (2025 grammar), or nil.
    public var description: StringValue?
    /// The variable.
    public var variable: Variable
    /// Its type.
    public var type: TypeReference
    /// Its default value, or nil.
    public var defaultValue: Value?
    /// Its directives.
    public var directives: [Directive]
    /// Where it is.
    public var range: SourceRange

    /// Creates a variable definition.
    public init(description: StringValue? = nil, variable: Variable, type: TypeReference, defaultValue: Value?,
                directives: [Directive], range: SourceRange) {
        self.description = description
        self.variable = variable
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.range = range
    }
}

/// A selection set `{ ... }` (Section 2.4).
public struct SelectionSet: Sendable, Hashable {
    /// The selections, in order.
    public var selections: [Selection]
    /// Where it is, braces included.
    public var range: SourceRange

    /// Creates a selection set.
    public init(selections: [Selection], range: SourceRange) {
        self.selections = selections
        self.range = range
    }
}

/// A selection: a field, a fragment spread or an inline fragment.
public enum Selection: Sendable, Hashable {
    /// A field.
    case field(Field)
    /// `...Name`.
    case fragmentSpread(FragmentSpread)
    /// `... on Type { }` or `... { }`.
    case inlineFragment(InlineFragment)

    /// Where the selection is.
    public var range: SourceRange {
        switch self {
        case .field(let node): return node.range
        case .fragmentSpread(let node): return node.range
        case .inlineFragment(let node): return node.range
        }
    }
}

/// A field selection (Section 2.5).
public struct Field: Sendable, Hashable {
    /// The alias, or nil.
    public var alias: Name?
    /// The field name.
    public var name: Name
    /// The arguments.
    public var arguments: [Argument]
    /// The directives.
    public var directives: [Directive]
    /// The sub-selection, or nil for leaf fields.
    public var selectionSet: SelectionSet?
    /// Where it is.
    public var range: SourceRange

    /// Creates a field.
    public init(alias: Name?, name: Name, arguments: [Argument], directives: [Directive], selectionSet: SelectionSet?, range: SourceRange) {
        self.alias = alias
        self.name = name
        self.arguments = arguments
        self.directives = directives
        self.selectionSet = selectionSet
        self.range = range
    }

    /// The key in the response: the alias if there is one, else the name.
    public var responseKey: String { alias?.value ?? name.value }
}

/// A fragment spread `...Name @directives` (Section 2.8).
public struct FragmentSpread: Sendable, Hashable {
    /// The fragment's name.
    public var name: Name
    /// The directives.
    public var directives: [Directive]
    /// Where it is.
    public var range: SourceRange

    /// Creates a fragment spread.
    public init(name: Name, directives: [Directive], range: SourceRange) {
        self.name = name
        self.directives = directives
        self.range = range
    }
}

/// An inline fragment (Section 2.8.2).
public struct InlineFragment: Sendable, Hashable {
    /// The type condition, or nil.
    public var typeCondition: NamedType?
    /// The directives.
    public var directives: [Directive]
    /// The selection set.
    public var selectionSet: SelectionSet
    /// Where it is.
    public var range: SourceRange

    /// Creates an inline fragment.
    public init(typeCondition: NamedType?, directives: [Directive], selectionSet: SelectionSet, range: SourceRange) {
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.range = range
    }
}

/// A fragment definition (Section 2.8).
public struct FragmentDefinition: Sendable, Hashable {
    /// A description (2025 grammar), or nil.
    public var description: StringValue?
    /// The fragment's name.
    public var name: Name
    /// Legacy fragment variables (only with `allowLegacyFragmentVariables`), else nil.
    public var variableDefinitions: [VariableDefinition]?
    /// The type condition.
    public var typeCondition: NamedType
    /// The directives.
    public var directives: [Directive]
    /// The selection set.
    public var selectionSet: SelectionSet
    /// Where it is.
    public var range: SourceRange

    /// Creates a fragment definition.
    public init(description: StringValue? = nil, name: Name, variableDefinitions: [VariableDefinition]? = nil, typeCondition: NamedType,
                directives: [Directive], selectionSet: SelectionSet, range: SourceRange) {
        self.description = description
        self.name = name
        self.variableDefinitions = variableDefinitions
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.range = range
    }
}
