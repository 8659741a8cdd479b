/// A cache record as a value: its key and fields (field key -> value). Used for manual access
/// (`ReadWriteTransaction.updateRecord`), inspection and persistence; storages keep records in
/// their own compact form.
public struct Record: Sendable, Hashable {
    /// The record's key.
    public let key: CacheKey
    /// The fields by field key (`name`, `hero({"episode":"JEDI"})`).
    public var fields: [String: CacheValue]

    /// Creates a record.
    public init(key: CacheKey, fields: [String: CacheValue] = [:]) {
        self.key = key
        self.fields = fields
    }

    /// A field's value, or nil; assigning nil removes the field.
    public subscript(field: String) -> CacheValue? {
        get { fields[field] }
        set { fields[field] = newValue }
    }

    /// The record's `__typename`, when stored.
    public var typename: String? {
        if case .string(let name)? = fields["__typename"] { return name }
        return nil
    }

    /// Every record the fields reference.
    public var references: [CacheKey] {
        var keys: [CacheKey] = []
        for value in fields.values { value.forEachReference { keys.append($0) } }
        return keys
    }
}
