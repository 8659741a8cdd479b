@_spi(Generated) import GraftAPI

/// Turns response data into records, driven by the generated selection metadata: objects with a
/// key become records of their own and are referenced; others get a path key under their parent.
struct Normalizer {
    let variables: [String: JSONValue]
    let configuration: CacheConfiguration
    /// Whether any field has a policy (else no field is looked up in them).
    let hasFieldPolicies: Bool
    /// The records written so far.
    var records = RecordSet()
    /// Pages of paginated fields written so far, to merge with the store's (`CacheStore.mergePages`).
    var pages: [PageWrite] = []
    /// The list indices of the values being normalized, outermost first; a field's value starts at
    /// the count when it began, for path keys (`Human:1000.friends.0`).
    var listIndices: [Int] = []

    init(variables: [String: JSONValue], configuration: CacheConfiguration) {
        self.variables = variables
        self.configuration = configuration
        self.hasFieldPolicies = !configuration.fieldPolicies.isEmpty
    }

    /// Normalizes `fields` (a response object) as `type` into the record `key`.
    mutating func write(_ fields: [String: JSONValue], as type: any SelectionSet.Type, key: CacheKey) throws(CacheMiss) {
        // Room for the records up front: growing the set one record at a time hashed every key
        // again at each doubling.
        if records.updates.isEmpty {
            records.updates.reserveCapacity(min(1 + Normalizer.estimatedObjectCount(in: fields), Normalizer.maxReservedRecords))
        }
        try write(fields, typename: fields["__typename"]?.stringValue, as: type, key: key)
    }

    /// The most records reserved before normalizing (an estimate can be far off).
    static let maxReservedRecords = 4096

    /// About the number of objects nested in a response object (at most a record each), cheaply:
    /// a list counts as its length times its first element. At most ``maxReservedRecords``.
    static func estimatedObjectCount(in fields: [String: JSONValue]) -> Int {
        var count = 0
        for value in fields.values {
            count += estimatedObjectCount(in: value)
            if count >= maxReservedRecords { return maxReservedRecords }
        }
        return count
    }

    static func estimatedObjectCount(in value: JSONValue) -> Int {
        switch value {
        case .object(let fields): return min(1 + estimatedObjectCount(in: fields), maxReservedRecords)
        case .array(let items):
            guard let first = items.first else { return 0 }
            return min(items.count * estimatedObjectCount(in: first), maxReservedRecords)
        default: return 0
        }
    }

    mutating func write(_ fields: [String: JSONValue], typename: String?, as type: any SelectionSet.Type,
                        key: CacheKey) throws(CacheMiss) {
        var recordFields = [String: CacheValue?](capacityFor: fields.count)
        try collect(type.__selections, from: fields, typename: typename, key: key, into: &recordFields)
        records.updates[key, default: RecordSet.Update()].setFields(recordFields)
    }

    mutating func collect(_ selections: [Selection], from fields: [String: JSONValue], typename: String?,
                          key: CacheKey, into recordFields: inout [String: CacheValue?]) throws(CacheMiss) {
        for selection in selections {
            switch selection {
            case .field(let field):
                guard conditionsHold(field.conditions), let value = fields[field.responseKey] else { continue }
                let fieldKey = field.arguments.isEmpty ? field.name : FieldKey.make(field, variables: variables)
                let normalized = try normalize(value, field.type, parent: key, fieldKey: fieldKey)
                if hasFieldPolicies, let pagination = configuration.pagination(typename: typename, key: key, field: field.name) {
                    // The page is stored under its own key (so its records stay apart); the store
                    // merges it into the field without paging arguments.
                    let merged = FieldKey.make(field, variables: variables, excluding: pagination.pagingArguments)
                    pages.append(PageWrite(parent: key, mergedKey: merged.key, page: normalized, arguments: merged.excluded,
                                           pagination: pagination))
                } else {
                    recordFields[fieldKey] = .some(normalized)
                }
            case .inlineFragment(let fragment):
                guard applies(fragment.possibleTypes, typename), conditionsHold(fragment.conditions) else { continue }
                try collect(fragment.type.__selections, from: fields, typename: typename, key: key, into: &recordFields)
            case .fragmentSpread(let spread):
                guard applies(spread.possibleTypes, typename), conditionsHold(spread.conditions) else { continue }
                try collect(spread.fragment.__selections, from: fields, typename: typename, key: key, into: &recordFields)
            }
        }
    }

    /// Normalizes a field's value; objects become records (written on the way) and references.
    mutating func normalize(_ value: JSONValue, _ type: OutputType, parent: CacheKey, fieldKey: String) throws(CacheMiss) -> CacheValue {
        try normalize(value, type, parent: parent, fieldKey: fieldKey, indicesFrom: listIndices.count)
    }

    /// A field's value at the list position `listIndices[first...]` (a normalization that throws
    /// leaves entries behind: the normalizer is then dropped).
    mutating func normalize(_ value: JSONValue, _ type: OutputType, parent: CacheKey, fieldKey: String,
                            indicesFrom first: Int) throws(CacheMiss) -> CacheValue {
        switch type {
        case .nonNull(let inner):
            return try normalize(value, inner, parent: parent, fieldKey: fieldKey, indicesFrom: first)
        case .leaf:
            return CacheValue(value)
        case .list(let inner):
            if case .null = value { return .null }
            guard case .array(let items) = value else {
                throw CacheMiss(.invalid("expected a list, found \(value.kindDescription)"), key: parent, field: fieldKey)
            }
            var result: [CacheValue] = []
            result.reserveCapacity(items.count)
            listIndices.append(0)
            for (index, item) in items.enumerated() {
                listIndices[listIndices.count - 1] = index
                result.append(try normalize(item, inner, parent: parent, fieldKey: fieldKey, indicesFrom: first))
            }
            listIndices.removeLast()
            return .list(result)
        case .object(let selectionSet):
            if case .null = value { return .null }
            guard case .object(let fields) = value else {
                throw CacheMiss(.invalid("expected an object, found \(value.kindDescription)"), key: parent, field: fieldKey)
            }
            let typename = fields["__typename"]?.stringValue
            let key = cacheKey(for: fields, typename: typename) ?? CacheNormalization.pathKey(parent, fieldKey, listIndices[first...])
            try write(fields, typename: typename, as: selectionSet, key: key)
            return .reference(key)
        }
    }

    /// The key of a response object from the resolver, the type's key fields or `id`; nil when
    /// it has none (it then gets a path key).
    func cacheKey(for fields: [String: JSONValue], typename: String?) -> CacheKey? {
        guard let typename else { return nil }
        if let resolver = configuration.keyResolver, let key = resolver(typename, ObjectData(fields)) { return key }
        if !configuration.keyFields.isEmpty, let keyFields = configuration.keyFields[typename] {
            var parts: [String] = []
            for name in keyFields {
                guard let part = fields[name].flatMap(CacheNormalization.keyText) else { return nil }
                parts.append(part)
            }
            return CacheKey(typename: typename, id: parts.joined(separator: "+"))
        }
        guard let id = fields["id"].flatMap(CacheNormalization.keyText) else { return nil }
        return CacheKey(typename: typename, id: id)
    }

    @inline(__always)
    func conditionsHold(_ conditions: [Condition]) -> Bool {
        for condition in conditions where !condition.holds(variables) { return false }
        return true
    }

    @inline(__always)
    func applies(_ possibleTypes: Set<String>?, _ typename: String?) -> Bool {
        guard let possibleTypes else { return true }
        guard let typename else { return false }
        return possibleTypes.contains(typename)
    }
}

/// Helpers shared by the normalizer and the reader.
enum CacheNormalization {
    /// `Parent.field` plus `.index` per list level.
    static func pathKey(_ parent: CacheKey, _ fieldKey: String, _ indices: ArraySlice<Int>) -> CacheKey {
        var text = parent.rawValue + "." + fieldKey
        for index in indices { text += "." + String(index) }
        return CacheKey(text)
    }

    /// The text of a key field's value: strings as they are, numbers and Booleans as JSON.
    static func keyText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .null, .array, .object: return nil
        default: return value.serialized
        }
    }
}
