/// An ``HTTPCacheStorage`` in memory: entries in a dictionary, threaded on a doubly linked list in
/// order of use, so a read, a store and an eviction each cost a few dictionary operations.
public final class InMemoryHTTPCacheStorage: HTTPCacheStorage {
    /// An entry's place: its key and variant.
    private struct Slot: Hashable {
        let key: String
        let variant: String
    }

    private struct Node {
        var entry: HTTPCacheEntry
        var older: Slot?
        var newer: Slot?
    }

    public let maxEntries: Int
    public let maxBytes: Int
    public private(set) var byteCount = 0
    private var nodes: [Slot: Node] = [:]
    private var variants: [String: Set<String>] = [:]
    private var oldest: Slot?
    private var newest: Slot?

    /// Creates an empty storage holding at most `maxEntries` entries and `maxBytes` bytes
    /// (by default 500 entries and 10 MB).
    public init(maxEntries: Int = 500, maxBytes: Int = 10 * 1024 * 1024) {
        self.maxEntries = max(0, maxEntries)
        self.maxBytes = max(0, maxBytes)
    }

    public var count: Int { nodes.count }

    public func entries(forKey key: String) -> [HTTPCacheEntry] {
        guard let known = variants[key] else { return [] }
        return known.compactMap { variant in
            let slot = Slot(key: key, variant: variant)
            unlink(slot)
            append(slot)
            return nodes[slot]?.entry
        }
    }

    @discardableResult
    public func store(_ entry: HTTPCacheEntry) -> Bool {
        let slot = Slot(key: entry.key, variant: entry.variant)
        remove(slot)
        let size = entry.byteCount
        guard size <= maxBytes, maxEntries > 0 else { return false }
        nodes[slot] = Node(entry: entry)
        variants[entry.key, default: []].insert(entry.variant)
        byteCount += size
        append(slot)
        while nodes.count > maxEntries || byteCount > maxBytes, let victim = oldest {
            remove(victim)
        }
        return true
    }

    @discardableResult
    public func removeEntries(forKey key: String) -> Int {
        let known = variants[key] ?? []
        for variant in known { remove(Slot(key: key, variant: variant)) }
        return known.count
    }

    public func removeAll() {
        nodes.removeAll()
        variants.removeAll()
        oldest = nil
        newest = nil
        byteCount = 0
    }

    private func remove(_ slot: Slot) {
        guard let node = nodes[slot] else { return }
        unlink(slot)
        nodes[slot] = nil
        byteCount -= node.entry.byteCount
        variants[slot.key]?.remove(slot.variant)
        if variants[slot.key]?.isEmpty == true { variants[slot.key] = nil }
    }

    /// Takes `slot` out of the order of use (it stays in `nodes`).
    private func unlink(_ slot: Slot) {
        guard let node = nodes[slot] else { return }
        if let older = node.older { nodes[older]?.newer = node.newer } else { oldest = node.newer }
        if let newer = node.newer { nodes[newer]?.older = node.older } else { newest = node.older }
        nodes[slot]?.older = nil
        nodes[slot]?.newer = nil
    }

    /// Puts `slot` (in `nodes`, unlinked) at the most recently used end.
    private func append(_ slot: Slot) {
        nodes[slot]?.older = newest
        if let newest { nodes[newest]?.newer = slot } else { oldest = slot }
        newest = slot
    }
}
