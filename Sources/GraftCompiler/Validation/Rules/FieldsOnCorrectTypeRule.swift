import GraftLanguage

/// Spec 5.3.1 "Field Selections" (Section-5-Validation.md): selected fields exist on the parent
/// type. Errors suggest types to spread on, or similarly named fields, as graphql-js does.
final class FieldsOnCorrectTypeRule: ValidationRule {
    static let name = "FieldsOnCorrectTypeRule"
    static let visitedNodes: VisitedNodes = .field
    private let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: Field) -> VisitAction {
        guard context.field == nil, let type = context.parentType?.definition else { return .visitChildren }
        let fieldName = node.name.value
        var suggestion = Suggestions.didYouMean("to use an inline fragment on", suggestedTypeNames(type, fieldName))
        if suggestion.isEmpty {
            suggestion = Suggestions.didYouMean(suggestedFieldNames(type, fieldName))
        }
        context.report("Cannot query field \"\(fieldName)\" on type \"\(type.name)\"." + suggestion, at: node.range)
        return .visitChildren
    }

    /// Object types and interfaces among the possible types of an abstract type that define the
    /// field, most referenced first, super types before sub types, then by name.
    private func suggestedTypeNames(_ type: NamedTypeDef, _ fieldName: String) -> [String] {
        guard type.isAbstract else { return [] }
        let schema = context.schema
        var suggested: [NamedTypeDef] = []
        var seen: Set<String> = []
        var usageCount: [String: Int] = [:]
        for possibleName in schema.possibleTypes(of: type) {
            guard let possible = schema.types[possibleName], possible.fields.contains(name: fieldName) else { continue }
            if seen.insert(possible.name).inserted { suggested.append(possible) }
            usageCount[possible.name] = 1
            for interfaceName in possible.interfaces {
                guard let interface = schema.types[interfaceName], interface.fields.contains(name: fieldName) else { continue }
                if seen.insert(interface.name).inserted { suggested.append(interface) }
                usageCount[interface.name, default: 0] += 1
            }
        }
        return JSSort.sorted(suggested) { typeA, typeB in
            let diff = usageCount[typeB.name]! - usageCount[typeA.name]!
            if diff != 0 { return diff }
            if typeA.kind == .interface && schema.isSubType(typeA, typeB) { return -1 }
            if typeB.kind == .interface && schema.isSubType(typeB, typeA) { return 1 }
            return Suggestions.naturalCompare(typeA.name, typeB.name)
        }.map(\.name)
    }

    /// Similarly named fields of an object or interface type.
    private func suggestedFieldNames(_ type: NamedTypeDef, _ fieldName: String) -> [String] {
        guard type.kind == .object || type.kind == .interface else { return [] }
        return Suggestions.list(fieldName, type.fields.map(\.name))
    }
}
