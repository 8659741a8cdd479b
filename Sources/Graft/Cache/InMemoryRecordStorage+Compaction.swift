/// Fresh copies of heap-allocated strings for long-lived records. Strings of a parsed response
/// sit between the parse tree's objects; keeping them would pin the tree's pages after it is
/// freed. Copied while merging, they are packed together instead. (Strings of up to 15 UTF-8
/// bytes live inline in the `String` value and are not copied.)
extension InMemoryRecordStorage {
    @inline(__always)
    static func detached(_ value: CacheValue) -> CacheValue {
        switch value {
        case .string(let text) where text.utf8.count > 15: return .string(detached(text))
        case .reference(let key) where key.rawValue.utf8.count > 15: return .reference(detached(key))
        case .list(let items) where items.contains(where: needsDetaching): return .list(items.map(detached))
        case .object(let fields): return .object(fields.mapValues(detached))
        default: return value
        }
    }

    static func needsDetaching(_ value: CacheValue) -> Bool {
        switch value {
        case .string(let text): return text.utf8.count > 15
        case .reference(let key): return key.rawValue.utf8.count > 15
        case .list, .object: return true
        default: return false
        }
    }

    @inline(__always)
    static func detached(_ key: CacheKey) -> CacheKey {
        key.rawValue.utf8.count > 15 ? CacheKey(detached(key.rawValue)) : key
    }

    static func detached(_ text: String) -> String {
        var source = text
        return source.withUTF8 { utf8 in
            String(unsafeUninitializedCapacity: utf8.count) { buffer in
                _ = buffer.initialize(fromContentsOf: utf8)
                return utf8.count
            }
        }
    }
}
