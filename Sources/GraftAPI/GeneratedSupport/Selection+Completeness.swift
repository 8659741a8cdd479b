extension Selection {
    /// Whether `value`, a field's value of `type`, has at every depth the unconditional fields of
    /// its selections (through fragments that apply, not through deferred ones): an object the
    /// enclosing selection set selects too is in the response before a deferred or skipped
    /// fragment adds its own subfields to it.
    package static func isComplete(_ value: JSONValue, as type: OutputType) -> Bool {
        switch (type.nullable, value) {
        case (.object(let selectionSet), .object(let fields)):
            return hasFields(selectionSet.__selections, in: fields)
        case (.list(let element), .array(let items)):
            return items.allSatisfy { isComplete($0, as: element) }
        default:
            return true
        }
    }

    private static func hasFields(_ selections: [Selection], in fields: [String: JSONValue]) -> Bool {
        selections.allSatisfy { selection in
            switch selection {
            case .field(let field):
                guard field.conditions.isEmpty else { return true }
                guard let value = fields[field.responseKey] else { return false }
                return isComplete(value, as: field.type)
            case .inlineFragment(let fragment):
                guard fragment.deferredLabel == nil, fragment.conditions.isEmpty, applies(fragment.possibleTypes, fields) else { return true }
                return hasFields(fragment.type.__selections, in: fields)
            case .fragmentSpread(let spread):
                guard spread.conditions.isEmpty, applies(spread.possibleTypes, fields) else { return true }
                return hasFields(spread.fragment.__selections, in: fields)
            }
        }
    }

    /// Whether a fragment on `possibleTypes` (nil: any) applies to the object `fields`.
    package static func applies(_ possibleTypes: Set<String>?, _ fields: [String: JSONValue]) -> Bool {
        guard let possibleTypes else { return true }
        guard let typename = fields["__typename"]?.stringValue else { return false }
        return possibleTypes.contains(typename)
    }
}
