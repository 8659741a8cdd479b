/// A `@defer` fragment: selections the server may send after the first payload, grouped by the
/// fragment's label so that generated code can say whether they have arrived (`Graft.Deferred`).
public struct IRDeferredFragment: Sendable, Hashable {
    /// The `label` argument, or "" without one (unlabeled fragments of one selection set share a group).
    public let label: String
    /// The deferred selections, made on the enclosing selection set's type; their conditions are
    /// the `@include`/`@skip` ones left after the deferral.
    public var selectionSet: IRSelectionSet
}

/// Splits deferred selections out of merged selection sets. `IRBuilder` records `@defer` as a
/// condition (`IRCondition.deferred(label)`) on every field and spread inside the fragment; a
/// selection every alternative of which is deferred moves into the group of its label (into
/// several groups when the same field is deferred under several labels), and one that is also
/// selected without deferral stays where it is, because it arrives in the first payload.
/// A selection under two nested deferrals goes to the first label's group, which then splits
/// the second out of itself.
public enum IRDeferral {
    /// Splits `set` and every selection set below it.
    public static func split(_ set: inout IRSelectionSet) {
        for index in set.fields.indices where set.fields[index].selectionSet != nil {
            split(&set.fields[index].selectionSet!)
        }
        for index in set.typeCases.indices { split(&set.typeCases[index].selectionSet) }

        var groups: [IRDeferredFragment] = []
        func group(_ label: String) -> Int {
            if let index = groups.firstIndex(where: { $0.label == label }) { return index }
            groups.append(IRDeferredFragment(label: label,
                                             selectionSet: IRSelectionSet(parentType: set.parentType, possibleTypes: set.possibleTypes)))
            return groups.count - 1
        }
        set.fields.removeAll { field in
            guard let byLabel = deferredAlternatives(field.conditions) else { return false }
            for (label, conditions) in byLabel {
                let index = group(label)
                var moved = field
                moved.conditions = conditions
                if let existing = groups[index].selectionSet.fields.firstIndex(where: { $0.responseKey == field.responseKey }) {
                    groups[index].selectionSet.fields[existing].conditions = groups[index].selectionSet.fields[existing].conditions.or(conditions)
                } else {
                    groups[index].selectionSet.fields.append(moved)
                }
            }
            return true
        }
        set.fragmentSpreads.removeAll { spread in
            guard let byLabel = deferredAlternatives(spread.conditions) else { return false }
            for (label, conditions) in byLabel {
                var moved = spread
                moved.conditions = conditions
                groups[group(label)].selectionSet.fragmentSpreads.append(moved)
            }
            return true
        }
        for index in groups.indices { split(&groups[index].selectionSet) }
        set.deferredFragments += groups
    }

    /// The conditions of a selection per deferral label, with that deferral removed; nil when some
    /// alternative is not deferred (the selection then arrives with the first payload).
    static func deferredAlternatives(_ conditions: IRConditions) -> [(label: String, conditions: IRConditions)]? {
        guard !conditions.alternatives.isEmpty else { return nil }
        var result: [(label: String, conditions: IRConditions)] = []
        for alternative in conditions.alternatives {
            guard let label = alternative.lazy.compactMap(\.deferredLabel).first else { return nil }
            var rest = alternative
            rest.removeAll { $0 == .deferred(label) }
            let remaining = IRConditions([rest])
            if let index = result.firstIndex(where: { $0.label == label }) {
                result[index].conditions = result[index].conditions.or(remaining)
            } else {
                result.append((label, remaining))
            }
        }
        return result
    }
}

extension IRCondition {
    /// The label of a `.deferred` condition, else nil.
    var deferredLabel: String? {
        if case .deferred(let label) = self { return label }
        return nil
    }
}
