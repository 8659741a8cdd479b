extension JSONValue {
    /// Merges `other` into this value: objects key by key (recursively), lists of the same length
    /// item by item, anything else replaced by `other`. How the parts of one response object
    /// selected twice (the cache reader) or sent in several payloads (``IncrementalResponse``)
    /// become one.
    mutating func merge(_ other: JSONValue) {
        if case .object(let more) = other, case .object(var fields) = self {
            self = .null  // `fields` is now the only reference, so it is changed in place
            for (key, value) in more {
                if var existing = fields.removeValue(forKey: key) {
                    existing.merge(value)
                    fields[key] = existing
                } else {
                    fields[key] = value
                }
            }
            self = .object(fields)
        } else if case .array(let more) = other, case .array(var items) = self, items.count == more.count {
            self = .null
            for index in items.indices { items[index].merge(more[index]) }
            self = .array(items)
        } else {
            self = other
        }
    }

    /// Runs `body` on the value at `path` (object keys as strings, list indexes as integers), in
    /// place; false (and `body` not run) when the path leads nowhere.
    mutating func withValue(at path: ArraySlice<JSONValue>, _ body: (inout JSONValue) throws -> Void) rethrows -> Bool {
        guard let first = path.first else {
            try body(&self)
            return true
        }
        if case .string(let key) = first, case .object(var fields) = self {
            guard var child = fields.removeValue(forKey: key) else { return false }
            self = .null
            defer { fields[key] = child; self = .object(fields) }
            return try child.withValue(at: path.dropFirst(), body)
        }
        if case .int(let index) = first, case .array(var items) = self, items.indices.contains(index) {
            var child = items[index]
            items[index] = .null
            self = .null
            defer { items[index] = child; self = .array(items) }
            return try child.withValue(at: path.dropFirst(), body)
        }
        return false
    }
}
