import GraftLanguage

/// The selections of one object in a response, merged: fields by response key (their
/// sub-selections merged), inline fragments that always match folded in, narrower inline
/// fragments as type cases, and named fragment spreads.
public struct IRSelectionSet: Sendable, Hashable {
    /// The type the selections are made on (an object, interface or union).
    public let parentType: String
    /// The object types this selection set can be (sorted).
    public let possibleTypes: [String]
    /// The fields, in first-seen order.
    public var fields: [IRField] = []
    /// The type cases, in first-seen order.
    public var typeCases: [IRTypeCase] = []
    /// The named fragment spreads, in first-seen order.
    public var fragmentSpreads: [IRFragmentSpread] = []
    /// The `@defer` fragments whose selections arrive later, split out by ``IRDeferral``, by label
    /// in first-seen order.
    public var deferredFragments: [IRDeferredFragment] = []

    /// Creates an empty selection set.
    public init(parentType: String, possibleTypes: [String]) {
        self.parentType = parentType
        self.possibleTypes = possibleTypes
    }

    /// Whether there is nothing selected.
    public var isEmpty: Bool { fields.isEmpty && typeCases.isEmpty && fragmentSpreads.isEmpty && deferredFragments.isEmpty }

    /// The field with a response key, or nil.
    public func field(_ responseKey: String) -> IRField? { fields.first { $0.responseKey == responseKey } }
}

/// A field selection (merged over every place it is selected in one selection set).
public struct IRField: Sendable, Hashable {
    /// The key in the response: the alias, or the name.
    public let responseKey: String
    /// The schema field's name.
    public let name: String
    /// The arguments as written (the first occurrence's; validation ensures they agree).
    public let arguments: [Argument]
    /// The field's type.
    public let type: TypeRef
    /// The schema field (description, deprecation).
    public let definition: FieldDef
    /// When the field is selected.
    public var conditions: IRConditions
    /// The merged sub-selection of a composite field, else nil.
    public var selectionSet: IRSelectionSet?
    /// False for the `__typename` the compiler adds to every non-root selection set (it is in the
    /// sent source and the selection metadata) until the operation selects it itself.
    public var isExplicit: Bool = true
    /// The `to:` of the field's `@catch` in the operation (its first selection's), or nil.
    public var catchTo: CatchTo? = nil
}

/// An inline fragment on a narrower type: its selections apply when the object's `__typename`
/// is one of `possibleTypes`. Conditions of the inline fragments are on their selections.
public struct IRTypeCase: Sendable, Hashable {
    /// The type condition.
    public let typeCondition: String
    /// The object types it applies to (sorted).
    public var possibleTypes: [String] { selectionSet.possibleTypes }
    /// The selections, made on `typeCondition`.
    public var selectionSet: IRSelectionSet
}

/// A named fragment spread.
public struct IRFragmentSpread: Sendable, Hashable {
    /// The fragment's name.
    public let name: String
    /// The fragment's type condition.
    public let typeCondition: String
    /// The object types it applies to, or nil when it matches every object the selection set can be.
    public let possibleTypes: [String]?
    /// When the spread applies.
    public var conditions: IRConditions

    /// Whether the fragment is always present in the response (unconditional, always matching).
    public var isAlwaysPresent: Bool { possibleTypes == nil && conditions.isAlways }
}
