// The public initializers of the larger nodes live in extensions and call the memberwise
// initializer, whose arguments follow the stored properties (so its labels differ from the public
// one's order). Swift 6.3's optimizer leaves a copy and a destroy of the whole node behind an
// initializer that assigns the properties one by one, for nodes of this size: 4.7M of the 27.2M
// instructions a parse of the GitHub schema took (Documentation/Architecture.md, "Language layer").

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
    /// The operation type (`query` for the shorthand form).
    public var operation: OperationType
    /// A description (2025 grammar), or nil.
    public var description: StringValue?
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
}

extension OperationDefinition {
    /// Creates an operation definition.
    public init(description: StringValue? = nil, operation: OperationType, name: Name?, variableDefinitions: [VariableDefinition],
                directives: [Directive], selectionSet: SelectionSet, range: SourceRange) {
        self.init(operation: operation, description: description, name: name, variableDefinitions: variableDefinitions, directives: directives, selectionSet: selectionSet, range: range)
    }
}

/// A variable definition `$name: Type = default @directives` (Section 2.10).
public struct VariableDefinition: Sendable, Hashable {
    /// The variable.
    public var variable: Variable
    /// A description (2025 grammar), or nil.
    public var description: StringValue?
    /// Its type.
    public var type: TypeReference
    /// Its default value, or nil.
    public var defaultValue: Value?
    /// Its directives.
    public var directives: [Directive]
    /// Where it is.
    public var range: SourceRange
}

extension VariableDefinition {
    /// Creates a variable definition.
    public init(description: StringValue? = nil, variable: Variable, type: TypeReference, defaultValue: Value?,
                directives: [Directive], range: SourceRange) {
        self.init(variable: variable, description: description, type: type, defaultValue: defaultValue, directives: directives, range: range)
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
    /// The field name.
    public var name: Name
    /// The alias, or nil.
    public var alias: Name?
    /// The arguments.
    public var arguments: [Argument]
    /// The directives.
    public var directives: [Directive]
    /// The sub-selection, or nil for leaf fields.
    public var selectionSet: SelectionSet?
    /// Where it is.
    public var range: SourceRange

    /// The key in the response: the alias if there is one, else the name.
    public var responseKey: String { alias?.value ?? name.value }
}

extension Field {
    /// Creates a field.
    public init(alias: Name?, name: Name, arguments: [Argument], directives: [Directive], selectionSet: SelectionSet?, range: SourceRange) {
        self.init(name: name, alias: alias, arguments: arguments, directives: directives, selectionSet: selectionSet, range: range)
    }
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
    /// The directives.
    public var directives: [Directive]
    /// The type condition, or nil.
    public var typeCondition: NamedType?
    /// The selection set.
    public var selectionSet: SelectionSet
    /// Where it is.
    public var range: SourceRange
}

extension InlineFragment {
    /// Creates an inline fragment.
    public init(typeCondition: NamedType?, directives: [Directive], selectionSet: SelectionSet, range: SourceRange) {
        self.init(directives: directives, typeCondition: typeCondition, selectionSet: selectionSet, range: range)
    }
}

/// A fragment definition (Section 2.8).
public struct FragmentDefinition: Sendable, Hashable {
    /// The fragment's name.
    public var name: Name
    /// A description (2025 grammar), or nil.
    public var description: StringValue?
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
}

extension FragmentDefinition {
    /// Creates a fragment definition.
    public init(description: StringValue? = nil, name: Name, variableDefinitions: [VariableDefinition]? = nil, typeCondition: NamedType,
                directives: [Directive], selectionSet: SelectionSet, range: SourceRange) {
        self.init(name: name, description: description, variableDefinitions: variableDefinitions, typeCondition: typeCondition, directives: directives, selectionSet: selectionSet, range: range)
    }
}
