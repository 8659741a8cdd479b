import GraftLanguage

/// A field as collected for merging checks: its node, the type it was selected on, and its type.
struct FieldEntry {
    let node: Field
    let parentTypeName: String?
    let parentIsObject: Bool
    /// The field definition's type, or nil if the field is unknown.
    let type: TypeRef?
}

/// The fields of a selection set by response name (inline fragments included) and the names of
/// the fragments it spreads. A class so graphql-js's identity check (`fieldMap === fieldMap2`) holds.
final class FieldsAndFragments {
    private(set) var fields: [(String, [FieldEntry])] = []
    private var indexByName: [String: Int] = [:]
    private(set) var fragmentNames: [String] = []
    private var fragmentNameSet: Set<String> = []

    func append(_ responseName: String, _ entry: FieldEntry) {
        if let index = indexByName[responseName] {
            fields[index].1.append(entry)
        } else {
            indexByName[responseName] = fields.count
            fields.append((responseName, [entry]))
        }
    }

    func appendFragment(_ name: String) {
        if fragmentNameSet.insert(name).inserted { fragmentNames.append(name) }
    }

    func fields(named responseName: String) -> [FieldEntry]? {
        indexByName[responseName].map { fields[$0].1 }
    }
}

/// Why two fields conflict: a message, or the conflicts of their sub-fields.
indirect enum ConflictReason {
    case message(String)
    case subfields([(String, ConflictReason)])

    /// graphql-js `reasonMessage`.
    var message: String {
        switch self {
        case .message(let text): return text
        case .subfields(let reasons):
            return reasons.map { "subfields \"\($0.0)\" conflict because \($0.1.message)" }.joined(separator: " and ")
        }
    }
}

/// A conflict between fields with one response name, with the field ranges on each side.
struct Conflict {
    let responseName: String
    let reason: ConflictReason
    let fields1: [SourceRange]
    let fields2: [SourceRange]

    init(_ responseName: String, _ reason: ConflictReason, _ fields1: [SourceRange], _ fields2: [SourceRange]) {
        self.responseName = responseName
        self.reason = reason
        self.fields1 = fields1
        self.fields2 = fields2
    }
}

/// Conflicts collected so far, up to a limit (the errors a selection set may still report).
struct ConflictList {
    private(set) var items: [Conflict] = []
    var limit = Int.max

    /// Whether no more conflicts are wanted.
    var isFull: Bool { items.count >= limit }

    mutating func append(_ conflict: Conflict) { items.append(conflict) }
}

/// Fragment pairs already compared, and whether as mutually exclusive (graphql-js `PairSet`).
struct FragmentPairSet {
    private struct Key: Hashable {
        let first: String
        let second: String
    }
    private var data: [Key: Bool] = [:]

    private func key(_ a: String, _ b: String) -> Key { a < b ? Key(first: a, second: b) : Key(first: b, second: a) }

    func contains(_ a: String, _ b: String, _ mutuallyExclusive: Bool) -> Bool {
        guard let stored = data[key(a, b)] else { return false }
        return mutuallyExclusive ? true : mutuallyExclusive == stored
    }

    mutating func insert(_ a: String, _ b: String, _ mutuallyExclusive: Bool) {
        data[key(a, b)] = mutuallyExclusive
    }
}


/// Two field structures compared with a mutual-exclusivity flag.
struct StructurePair: Hashable {
    let first: Int
    let second: Int
    let mutuallyExclusive: Bool
}

extension OverlappingFieldsCanBeMergedRule {
    /// The fields and fragment names of a selection set, cached per selection set.
    func fieldsAndFragmentNames(_ parentType: ValidationType?, _ selectionSet: SelectionSet) -> FieldsAndFragments {
        if let cached = fieldsCache[selectionSet.range.start] { return cached }
        let collected = FieldsAndFragments()
        collectFieldsAndFragmentNames(parentType, selectionSet, collected)
        fieldsCache[selectionSet.range.start] = collected
        return collected
    }

    /// The fields and fragment names of a fragment's selection set.
    func referencedFieldsAndFragmentNames(_ fragment: FragmentDefinition) -> FieldsAndFragments {
        if let cached = fieldsCache[fragment.selectionSet.range.start] { return cached }
        return fieldsAndFragmentNames(context.types[fragment.typeCondition.name.value], fragment.selectionSet)
    }

    private func collectFieldsAndFragmentNames(_ parentType: ValidationType?, _ selectionSet: SelectionSet,
                                               _ collected: FieldsAndFragments) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                let type = parentType?.field(field.name.value)?.type
                collected.append(field.responseKey, FieldEntry(node: field, parentTypeName: parentType?.name,
                                                               parentIsObject: parentType?.kind == .object, type: type))
            case .fragmentSpread(let spread):
                let name = spread.name.value
                if !context.fragmentsOnCycles.contains(name) { collected.appendFragment(name) }
            case .inlineFragment(let inline):
                let type = inline.typeCondition.map { context.types[$0.name.value] } ?? parentType
                collectFieldsAndFragmentNames(type, inline.selectionSet, collected)
            }
        }
    }

    /// The printed arguments of a field, sorted by name (graphql-js `stringifyArguments`).
    func argumentsString(_ field: Field) -> String {
        if field.arguments.isEmpty { return "" }
        if let cached = argumentsCache[field.range.start] { return cached }
        let sorted = JSSort.sorted(field.arguments.map { ObjectField(name: $0.name, value: sortValue($0.value), range: $0.range) }) {
            Suggestions.naturalCompare($0.name.value, $1.name.value)
        }
        let printed = Printer.print(.object(sorted, field.range))
        argumentsCache[field.range.start] = printed
        return printed
    }

    private func sortValue(_ value: Value) -> Value {
        switch value {
        case .object(let fields, let range):
            let sortedFields = fields.map { ObjectField(name: $0.name, value: sortValue($0.value), range: $0.range) }
            return .object(JSSort.sorted(sortedFields) { Suggestions.naturalCompare($0.name.value, $1.name.value) }, range)
        case .list(let values, let range):
            return .list(values.map(sortValue), range)
        default:
            return value
        }
    }

    // MARK: Structures

    private func intern(_ key: String) -> Int {
        if let id = structureIDs[key] { return id }
        let id = structureIDs.count
        structureIDs[key] = id
        return id
    }

    /// The structure of a selection set, interned: aliases, names, arguments, type conditions and
    /// spread fragment names, recursively (directives play no part in merging).
    private func structure(_ selectionSet: SelectionSet) -> Int {
        if let cached = structureCache[selectionSet.range.start] { return cached }
        var key = "{"
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                key += "F" + (field.alias?.value ?? "") + ":" + field.name.value + "(" + argumentsString(field) + ")"
                if let nested = field.selectionSet { key += "#\(structure(nested))" }
            case .inlineFragment(let inline):
                key += "I" + (inline.typeCondition?.name.value ?? "") + "#\(structure(inline.selectionSet))"
            case .fragmentSpread(let spread):
                key += "S" + spread.name.value
            }
            key += ","
        }
        let id = intern(key)
        structureCache[selectionSet.range.start] = id
        return id
    }

    /// An identifier shared by fields that compare identically (same parent type, alias, name,
    /// arguments and sub-selection structure).
    func signature(_ entry: FieldEntry) -> Int {
        let node = entry.node
        if let cached = signatureCache[node.range.start] { return cached }
        var key = "P" + (entry.parentTypeName ?? "") + "|" + (node.alias?.value ?? "") + ":" + node.name.value
            + "(" + argumentsString(node) + ")"
        if let selectionSet = node.selectionSet { key += "#\(structure(selectionSet))" }
        let id = intern(key)
        signatureCache[node.range.start] = id
        return id
    }
}
