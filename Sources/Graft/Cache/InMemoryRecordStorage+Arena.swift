/// Field runs in the arena: lookup, insertion, removal, relocation and compaction.
extension InMemoryRecordStorage {
    /// The arena position of field `name` in a slot, or nil.
    @inline(__always)
    func position(of name: UInt32, inSlot handle: Int) -> Int? {
        let slot = slots[handle]
        if slot.count > UInt32(InMemoryRecordStorage.indexedRecordThreshold) {
            return bigRecordIndexes[Int32(handle)]?[name].map { Int(slot.start) + Int($0) }
        }
        var position = Int(slot.start)
        let end = position + Int(slot.count)
        while position < end {
            if entries[position].name == name { return position }
            position += 1
        }
        return nil
    }

    /// A new slot for `key` with room for `capacity` fields.
    func newSlot(_ key: CacheKey, hash: Int, capacity: Int) -> Int32 {
        let start = Int32(entries.count)
        appendPlaceholders(capacity)
        let slot = Slot(start: start, count: 0, capacity: UInt32(capacity), lastUsed: tick,
                        typename: InMemoryRecordStorage.noTypename, typenameStamp: 0)
        let number: Int32
        if let free = freeSlots.popLast() {
            number = free
            slots[Int(free)] = slot
            slotKeys[Int(free)] = InMemoryRecordStorage.detached(key)
        } else {
            number = Int32(slots.count)
            slots.append(slot)
            slotKeys.append(InMemoryRecordStorage.detached(key))
        }
        insertIntoIndex(key, hash: hash, slot: number)
        liveCount += 1
        return number
    }

    func appendPlaceholders(_ count: Int) {
        for _ in 0..<count {
            entries.append(Entry(value: .null, name: .max))
            stamps.append(0)
        }
    }

    /// Sets a field; returns whether its value changed (or it is new).
    func setField(_ name: UInt32, _ value: CacheValue, stamp: UInt32, inSlot number: Int32) -> Bool {
        let handle = Int(number)
        if let position = position(of: name, inSlot: handle) {
            stamps[position] = stamp
            if entries[position].value == value { return false }
            entries[position].value = InMemoryRecordStorage.detached(value)
            return true
        }
        if slots[handle].count == slots[handle].capacity {
            relocate(handle, capacity: max(4, Int(slots[handle].capacity) * 2))
        }
        let slot = slots[handle]
        let position = Int(slot.start) + Int(slot.count)
        entries[position] = Entry(value: InMemoryRecordStorage.detached(value), name: name)
        stamps[position] = stamp
        slots[handle].count += 1
        let threshold = UInt32(InMemoryRecordStorage.indexedRecordThreshold)
        if slot.count + 1 == threshold + 1 {
            var index: [UInt32: UInt32] = [:]
            for offset in 0..<Int(slot.count) + 1 { index[entries[Int(slot.start) + offset].name] = UInt32(offset) }
            bigRecordIndexes[number] = index
        } else if slot.count + 1 > threshold + 1 {
            bigRecordIndexes[number]?[name] = slot.count
        }
        return true
    }

    /// Sets (a string, kept in the slot), replaces (by another value, kept as a field) or removes
    /// `__typename`; returns whether its value changed.
    func setTypename(_ value: CacheValue?, stamp: UInt32, inSlot number: Int32) -> Bool {
        let handle = Int(number)
        let name = InMemoryRecordStorage.typenameName
        if case .string(let text)? = value {
            let id = intern(text)
            let removedField = removeField(name, inSlot: number)
            let changed = removedField || slots[handle].typename != id
            slots[handle].typename = id
            slots[handle].typenameStamp = stamp
            return changed
        }
        let hadString = slots[handle].typename != InMemoryRecordStorage.noTypename
        slots[handle].typename = InMemoryRecordStorage.noTypename
        if let value { return setField(name, value, stamp: stamp, inSlot: number) || hadString }
        return removeField(name, inSlot: number) || hadString
    }

    /// Removes a field; returns whether it existed.
    func removeField(_ name: UInt32, inSlot number: Int32) -> Bool {
        let handle = Int(number)
        guard let position = position(of: name, inSlot: handle) else { return false }
        let slot = slots[handle]
        let last = Int(slot.start) + Int(slot.count) - 1
        entries[position] = entries[last]
        stamps[position] = stamps[last]
        entries[last] = Entry(value: .null, name: .max)
        slots[handle].count -= 1
        if slot.count - 1 <= UInt32(InMemoryRecordStorage.indexedRecordThreshold) {
            bigRecordIndexes[number] = nil
        } else {
            bigRecordIndexes[number]?[name] = nil
            if position != last { bigRecordIndexes[number]?[entries[position].name] = UInt32(position - Int(slot.start)) }
        }
        return true
    }

    /// Moves a slot's fields to the end of the arena with room for `capacity` fields.
    func relocate(_ handle: Int, capacity: Int) {
        let slot = slots[handle]
        let newStart = entries.count
        for position in Int(slot.start)..<Int(slot.start) + Int(slot.count) {
            entries.append(entries[position])
            stamps.append(stamps[position])
            entries[position] = Entry(value: .null, name: .max)
        }
        appendPlaceholders(capacity - Int(slot.count))
        garbage += Int(slot.capacity)
        slots[handle].start = Int32(newStart)
        slots[handle].capacity = UInt32(capacity)
    }

    /// Frees a slot, appending its fields to `changed`.
    func removeSlot(_ number: Int32, reportingTo changed: inout [CacheFieldRef]) {
        let handle = Int(number)
        let slot = slots[handle]
        let key = slotKeys[handle]
        if slot.typename != InMemoryRecordStorage.noTypename { changed.append(CacheFieldRef(key, "__typename")) }
        for position in Int(slot.start)..<Int(slot.start) + Int(slot.count) {
            changed.append(CacheFieldRef(key, names[Int(entries[position].name)]))
            entries[position] = Entry(value: .null, name: .max)
        }
        garbage += Int(slot.capacity)
        removeFromIndex(key)
        slots[handle] = Slot(start: -1, count: 0, capacity: 0, lastUsed: 0, typename: InMemoryRecordStorage.noTypename,
                             typenameStamp: 0)
        slotKeys[handle] = CacheKey("")
        bigRecordIndexes[number] = nil
        freeSlots.append(number)
        liveCount -= 1
    }

    /// Rebuilds the arena without garbage once more than half of it is garbage.
    func compactIfNeeded() {
        guard garbage > 1024, garbage * 2 > entries.count else { return }
        var newEntries = ContiguousArray<Entry>()
        var newStamps = ContiguousArray<UInt32>()
        newEntries.reserveCapacity(entries.count - garbage)
        newStamps.reserveCapacity(entries.count - garbage)
        for handle in slots.indices where slots[handle].start >= 0 {
            let slot = slots[handle]
            let start = Int32(newEntries.count)
            for position in Int(slot.start)..<Int(slot.start) + Int(slot.capacity) {
                newEntries.append(entries[position])
                newStamps.append(stamps[position])
            }
            slots[handle].start = start
        }
        entries = newEntries
        stamps = newStamps
        garbage = 0
    }
}
