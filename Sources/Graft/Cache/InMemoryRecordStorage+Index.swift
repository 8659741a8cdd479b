/// The key -> slot index: open addressing with linear probing over slot numbers (4 bytes a
/// bucket; the keys live in `slotKeys`).
extension InMemoryRecordStorage {
    @inline(__always)
    func findSlot(_ key: CacheKey) -> Int32? {
        findSlot(key, hash: key.hashValue)
    }

    @inline(__always)
    func findSlot(_ key: CacheKey, hash: Int) -> Int32? {
        let mask = table.count - 1
        var bucket = hash & mask
        while true {
            let slot = table[bucket]
            if slot == -1 { return nil }
            if slot >= 0 && slotKeys[Int(slot)] == key { return slot }
            bucket = (bucket &+ 1) & mask
        }
    }

    /// Adds a key known to be absent.
    func insertIntoIndex(_ key: CacheKey, hash: Int, slot: Int32) {
        if (tableOccupied + 1) * 4 > table.count * 3 { rehash() }
        let mask = table.count - 1
        var bucket = hash & mask
        while table[bucket] >= 0 { bucket = (bucket &+ 1) & mask }
        if table[bucket] == -1 { tableOccupied += 1 }
        table[bucket] = slot
    }

    func removeFromIndex(_ key: CacheKey) {
        let mask = table.count - 1
        var bucket = key.hashValue & mask
        while true {
            let slot = table[bucket]
            if slot == -1 { return }
            if slot >= 0 && slotKeys[Int(slot)] == key {
                table[bucket] = -2
                return
            }
            bucket = (bucket &+ 1) & mask
        }
    }

    /// Grows the table at once for `count` records (a merge of many new records would otherwise
    /// rehash every key several times on the way).
    func reserveIndex(_ count: Int) {
        if count * 4 > table.count * 3 { rehash(forCount: count) }
    }

    /// Rebuilds the table without deleted marks, sized for a load of at most one half (of
    /// `count` records, at least the live ones).
    func rehash(forCount count: Int = 0) {
        var size = 16
        while (max(liveCount, count) + 1) * 2 > size { size *= 2 }
        table = ContiguousArray(repeating: -1, count: size)
        tableOccupied = 0
        let mask = size - 1
        for (number, slot) in slots.enumerated() where slot.start >= 0 {
            var bucket = slotKeys[number].hashValue & mask
            while table[bucket] != -1 { bucket = (bucket &+ 1) & mask }
            table[bucket] = Int32(number)
            tableOccupied += 1
        }
    }
}
