extension JSONValue {
    /// Merges `other` into this value: objects key by key (recursively), lists of the same length
    /// item by item, anything else replaced by `other`. How the parts of one response object
    /// selected twice (the cache reader) or sent in several payloads (``IncrementalResponse``)
    /// become one.
    ///
    /// A loop, not a recursion (a deep value costs no call stack), and in place: each object or
    /// list merged into is moved out of its parent, so it is the only reference when changed, and
    /// put back when done.
    package mutating func merge(_ other: JSONValue) {
        // Objects and lists open on both sides, outermost first: this side's (moved out of its
        // parent, less the child being merged), the other side's, the other side's keys, and how
        // many of its fields or items have been taken.
        var open: [(target: JSONValue, source: JSONValue, keys: [String], next: Int)] = []
        var target = self
        self = .null
        var source = other
        while true {
            // Merge `source` into `target`: open both when they have children to merge, else replace.
            var merged: JSONValue?
            if case .object(let more) = source, case .object = target {
                open.append((target, source, Array(more.keys), 0))
            } else if case .array(let more) = source, case .array(let items) = target, items.count == more.count {
                open.append((target, source, [], 0))
            } else {
                merged = source
            }
            target = .null
            // Put each merged value in its place, closing the containers that are done, until the
            // next pair to merge.
            var hasNext = false
            while !hasNext {
                guard let top = open.indices.last else {
                    self = merged!
                    return
                }
                if let value = merged {
                    Self.put(value, into: &open[top].target, at: open[top].keys.isEmpty ? .int(open[top].next - 1)
                                                                                     : .string(open[top].keys[open[top].next - 1]))
                    merged = nil
                }
                let index = open[top].next
                if case .object(let more) = open[top].source, index < open[top].keys.count {
                    open[top].next += 1
                    let key = open[top].keys[index]
                    if let existing = Self.take(.string(key), from: &open[top].target) {
                        target = existing
                        source = more[key]!
                        hasNext = true
                    } else {
                        merged = more[key]!
                    }
                } else if case .array(let more) = open[top].source, index < more.count {
                    open[top].next += 1
                    target = Self.take(.int(index), from: &open[top].target)!
                    source = more[index]
                    hasNext = true
                } else {
                    merged = open.removeLast().target
                }
            }
        }
    }

    /// Moves the child at `component` (a key or an index) out of `container`, leaving the
    /// container the only reference to its storage; nil when there is none.
    private static func take(_ component: JSONValue, from container: inout JSONValue) -> JSONValue? {
        if case .string(let key) = component, case .object(var fields) = container {
            container = .null
            defer { container = .object(fields) }
            return fields.removeValue(forKey: key)
        }
        if case .int(let index) = component, case .array(var items) = container, items.indices.contains(index) {
            container = .null
            defer { container = .array(items) }
            let child = items[index]
            items[index] = .null
            return child
        }
        return nil
    }

    /// Puts `child` at `component` (a key or an index) of `container`, in place.
    private static func put(_ child: JSONValue, into container: inout JSONValue, at component: JSONValue) {
        if case .string(let key) = component, case .object(var fields) = container {
            container = .null
            fields[key] = child
            container = .object(fields)
        } else if case .int(let index) = component, case .array(var items) = container {
            container = .null
            items[index] = child
            container = .array(items)
        }
    }

    /// Runs `body` on the value at `path` (object keys as strings, list indexes as integers), in
    /// place; false (and `body` not run) when the path leads nowhere.
    ///
    /// A loop, not a recursion, so a path of any length costs no stack: each object and list on
    /// the path is moved out of its parent (leaving it the only reference, so changing it copies
    /// nothing), `body` runs on the last, and they are put back from the innermost out.
    package mutating func withValue(at path: ArraySlice<JSONValue>, _ body: (inout JSONValue) throws -> Void) rethrows -> Bool {
        // The containers above `current`, outermost first, each less its child on the path.
        var spine: [JSONValue] = []
        spine.reserveCapacity(path.count)
        var current = self
        self = .null
        for component in path {
            guard let child = Self.take(component, from: &current) else { break }
            spine.append(current)
            current = child
        }
        defer {
            while var parent = spine.popLast() {
                Self.put(current, into: &parent, at: path[path.startIndex + spine.count])
                current = parent
            }
            self = current
        }
        guard spine.count == path.count else { return false }
        try body(&current)
        return true
    }

    /// Whether this value nests objects and lists more than `limit` levels deep (a scalar nests
    /// none, `{}` one, `{"a": []}` two). A loop over the values, so a deep value costs no stack.
    package func nests(deeperThan limit: Int) -> Bool {
        var stack: [(value: JSONValue, depth: Int)] = [(self, 0)]
        while let (value, depth) = stack.popLast() {
            switch value {
            case .array(let items):
                guard depth < limit else { return true }
                for item in items { if item.isContainer { stack.append((item, depth + 1)) } }
            case .object(let fields):
                guard depth < limit else { return true }
                for item in fields.values { if item.isContainer { stack.append((item, depth + 1)) } }
            default:
                break
            }
        }
        return false
    }
}
