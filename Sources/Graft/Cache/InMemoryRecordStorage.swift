/// The in-memory storage: records packed into one arena of fields, with interned field names and
/// an open-addressing index from keys to records. About 30 bytes per field and 30 per record, and
/// no allocation per record, so large caches stay small and writes stay fast.
///
/// Each record owns a contiguous run of the arena (`Slot`); a record that outgrows its run moves to
/// the arena's end, and the arena is compacted when more than half of it is garbage. Records with
/// many fields (such as `ROOT_QUERY`) get a name -> position index so lookups stay O(1). A string
/// `__typename` (in nearly every record) is kept interned in the slot rather than as a field.
public final class InMemoryRecordStorage: RecordStorage {
    /// A record's run of the arena.
    struct Slot {
        /// First entry, or -1 for a free slot.
        var start: Int32
        var count: UInt32
        var capacity: UInt32
        /// Tick of the last read or write, for least-recently-used eviction.
        var lastUsed: UInt32
        /// The interned `__typename` string, or `noTypename`.
        var typename: UInt32
        /// When `__typename` was received.
        var typenameStamp: UInt32
    }

    /// `Slot.typename` of a record without a string `__typename`.
    static let noTypename = UInt32.max
    /// The interned number of the field name `__typename` (interned first).
    static let typenameName: UInt32 = 0

    /// One field: value first so the name fits into the value's padding (24 bytes).
    struct Entry {
        var value: CacheValue
        var name: UInt32
    }

    /// Records with more fields than this get a name -> position index.
    static let indexedRecordThreshold = 16

    @exclusivity(unchecked) var entries: ContiguousArray<Entry> = []
    /// `receivedAt` seconds of each entry (parallel to `entries`).
    @exclusivity(unchecked) var stamps: ContiguousArray<UInt32> = []
    @exclusivity(unchecked) var slots: ContiguousArray<Slot> = []
    @exclusivity(unchecked) var slotKeys: ContiguousArray<CacheKey> = []
    @exclusivity(unchecked) var freeSlots: [Int32] = []
    /// Open-addressing table of slot numbers: -1 empty, -2 deleted.
    @exclusivity(unchecked) var table = ContiguousArray<Int32>(repeating: -1, count: 16)
    var tableOccupied = 0
    var liveCount = 0
    @exclusivity(unchecked) var names: [String] = []
    @exclusivity(unchecked) var nameIDs: [String: UInt32] = [:]
    var bigRecordIndexes: [Int32: [UInt32: UInt32]] = [:]
    /// The last few names looked up (comparing a few short strings beats hashing one; their
    /// lengths first).
    @exclusivity(unchecked) var recentNames: [(name: String, id: UInt32)] = Array(repeating: ("", .max), count: 8)
    var recentCursor: UInt32 = 0
    /// Arena entries no record uses.
    var garbage = 0
    var tick: UInt32 = 0

    /// An empty storage.
    public init() {
        _ = intern("__typename")
    }

    public func beginRead() {
        tick &+= 1
    }

    public func handle(for key: CacheKey) -> Int? {
        guard let slot = findSlot(key) else { return nil }
        slots[Int(slot)].lastUsed = tick
        return Int(slot)
    }

    public func field(_ name: String, of handle: Int) -> StoredField? {
        guard let id = nameID(name) else { return nil }
        if id == InMemoryRecordStorage.typenameName, slots[handle].typename != InMemoryRecordStorage.noTypename {
            return StoredField(value: .string(names[Int(slots[handle].typename)]),
                               receivedAt: CacheTimestamp(seconds: slots[handle].typenameStamp))
        }
        guard let position = position(of: id, inSlot: handle) else { return nil }
        return StoredField(value: entries[position].value, receivedAt: CacheTimestamp(seconds: stamps[position]))
    }

    public func fields(of handle: Int) -> [(name: String, field: StoredField)] {
        let slot = slots[handle]
        guard slot.start >= 0 else { return [] }
        var result: [(name: String, field: StoredField)] = []
        result.reserveCapacity(Int(slot.count) + 1)
        if slot.typename != InMemoryRecordStorage.noTypename {
            result.append(("__typename", StoredField(value: .string(names[Int(slot.typename)]),
                                                     receivedAt: CacheTimestamp(seconds: slot.typenameStamp))))
        }
        for position in Int(slot.start)..<Int(slot.start) + Int(slot.count) {
            result.append((names[Int(entries[position].name)],
                           StoredField(value: entries[position].value, receivedAt: CacheTimestamp(seconds: stamps[position]))))
        }
        return result
    }

    public func merge(_ changes: RecordSet, receivedAt: CacheTimestamp) -> [CacheFieldRef] {
        tick &+= 1
        var changed: [CacheFieldRef] = []
        reserveIndex(liveCount + changes.updates.count)
        for (key, update) in changes.updates {
            if update.removesRecord, let slot = findSlot(key) {
                removeSlot(slot, reportingTo: &changed)
            }
            if update.fields.isEmpty { continue }
            let hash = key.hashValue
            let found = findSlot(key, hash: hash)
            let slot = found ?? newSlot(key, hash: hash, capacity: InMemoryRecordStorage.entriesNeeded(by: update.fields))
            for (name, value) in update.fields {
                let id = intern(name)
                if id == InMemoryRecordStorage.typenameName {
                    if setTypename(value, stamp: receivedAt.seconds, inSlot: slot) { changed.append(CacheFieldRef(key, name)) }
                } else if let value {
                    if setField(id, value, stamp: receivedAt.seconds, inSlot: slot) {
                        changed.append(CacheFieldRef(key, name))
                    }
                } else if removeField(id, inSlot: slot) {
                    changed.append(CacheFieldRef(key, name))
                }
            }
            slots[Int(slot)].lastUsed = tick
            if slots[Int(slot)].count == 0 && slots[Int(slot)].typename == InMemoryRecordStorage.noTypename {
                removeSlot(slot, reportingTo: &changed)
            }
        }
        compactIfNeeded()
        return changed
    }

    public func removeRecords(_ keys: [CacheKey]) -> [CacheFieldRef] {
        var changed: [CacheFieldRef] = []
        for key in keys {
            if let slot = findSlot(key) { removeSlot(slot, reportingTo: &changed) }
        }
        compactIfNeeded()
        return changed
    }

    public func allKeys() -> [CacheKey] {
        var keys: [CacheKey] = []
        keys.reserveCapacity(liveCount)
        for (index, slot) in slots.enumerated() where slot.start >= 0 { keys.append(slotKeys[index]) }
        return keys
    }

    public func recordCount() -> Int { liveCount }

    public func evictionCandidates(_ count: Int, excluding protected: Set<CacheKey>) -> [CacheKey] {
        var candidates: [(lastUsed: UInt32, slot: Int)] = []
        candidates.reserveCapacity(liveCount)
        for (index, slot) in slots.enumerated() where slot.start >= 0 && !protected.contains(slotKeys[index]) {
            candidates.append((slot.lastUsed, index))
        }
        candidates.sort { $0.lastUsed < $1.lastUsed || ($0.lastUsed == $1.lastUsed && $0.slot < $1.slot) }
        return candidates.prefix(count).map { slotKeys[$0.slot] }
    }

    public func removeAll() {
        entries = []
        stamps = []
        slots = []
        slotKeys = []
        freeSlots = []
        table = ContiguousArray(repeating: -1, count: 16)
        tableOccupied = 0
        liveCount = 0
        bigRecordIndexes = [:]
        garbage = 0
    }

    /// The arena entries a new record takes for `fields`: a string `__typename` is kept in the slot
    /// and removals take none.
    static func entriesNeeded(by fields: [String: CacheValue?]) -> Int {
        var count = 0
        for (name, value) in fields {
            guard let value else { continue }
            if case .string = value, name.utf8.count == 10, name == "__typename" { continue }
            count += 1
        }
        return count
    }

    /// The interned number of a field name, or nil.
    @inline(__always)
    func nameID(_ name: String) -> UInt32? {
        let count = name.utf8.count
        for index in recentNames.indices where recentNames[index].name.utf8.count == count && recentNames[index].name == name {
            return recentNames[index].id
        }
        guard let id = nameIDs[name] else { return nil }
        recentNames[Int(recentCursor & 7)] = (name, id)
        recentCursor &+= 1
        return id
    }

    /// The interned number of a field name.
    @inline(__always)
    func intern(_ name: String) -> UInt32 {
        if let id = nameID(name) { return id }
        let id = UInt32(names.count)
        names.append(name)
        nameIDs[name] = id
        return id
    }
}
