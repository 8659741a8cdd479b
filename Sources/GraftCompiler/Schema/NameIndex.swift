/// Positions by name, for `NamedList`: a hash table keyed by the names' UTF-8 bytes.
///
/// Building and validating a large schema looks names up a few hundred thousand times (every
/// field's type, every implemented interface, every field of a long type). `[String: Int]` hashes
/// each name with SipHash through `Hasher` (about 300 instructions for a short name); this table
/// hashes the bytes eight at a time with a multiply-xorshift mix (a tenth of that) and compares
/// equal-hash candidates with `==`. The mix is seeded once per process, so colliding names cannot
/// be prepared in advance.
///
/// Names are first looked up by identity: the parser interns names (`NameTable`), so every
/// occurrence of a name in a document, and every schema element built from it, shares one string
/// value, with the same bits (the storage's address, or the bytes of a short name). A second table
/// keyed by those bits answers most lookups without reading or hashing the bytes; a name with other
/// bits (another document's, or made elsewhere) falls back to the byte hash. Equal bits mean an
/// equal name: the entry keeps its string, so its storage cannot be reused for another.
struct NameIndex: Sendable {
    private struct Entry: Sendable {
        var hash: UInt64
        var position: Int
        var name: String
        /// The bits of `name`'s value (its identity).
        var bits: Bits
    }

    private typealias Bits = (UInt64, UInt64)

    private var entries: [Entry] = []
    /// Open addressing, linear probing: each slot is an index into the entries plus one (0 = empty).
    private var slots: [Int32] = []
    /// The same entries by the bits of their names (as many slots as `slots`).
    private var identitySlots: [Int32] = []

    /// The number of names.
    var count: Int { entries.count }

    /// Makes room for `capacity` names without growing.
    mutating func reserveCapacity(_ capacity: Int) {
        entries.reserveCapacity(capacity)
        if capacity * 2 > slots.count { rehash(slotCount: Self.slotCount(for: capacity)) }
    }

    /// Removes every name, keeping the storage (for a table reused per type).
    mutating func removeAll() {
        guard !entries.isEmpty else { return }
        entries.removeAll(keepingCapacity: true)
        for slot in slots.indices { slots[slot] = 0 }
        for slot in identitySlots.indices { identitySlots[slot] = 0 }
    }

    /// The position stored for `name`, or nil.
    func position(of name: String) -> Int? {
        guard !slots.isEmpty else { return nil }
        let bits = Self.bits(name)
        if let entry = findIdentical(bits) { return entries[entry].position }
        let found = find(name, hash: Self.hash(name))
        return found.entry.map { entries[$0].position }
    }

    /// The bits of a string value: its length and flags, and its storage's address (or, for a
    /// name of up to 15 bytes, the bytes themselves). Read without retaining the storage.
    @inline(__always)
    private static func bits(_ name: String) -> Bits {
        usesIdentity ? unsafeBitCast(name, to: Bits.self) : (0, 0)
    }

    /// Whether a string value is two words (64-bit platforms); elsewhere every name takes the
    /// byte hash.
    private static var usesIdentity: Bool { MemoryLayout<String>.size == MemoryLayout<Bits>.size }

    @inline(__always)
    private static func identitySlot(_ bits: Bits, mask: Int) -> Int {
        var mixed = (bits.0 ^ (bits.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        mixed ^= mixed >> 29
        return Int(truncatingIfNeeded: mixed) & mask
    }

    /// The entry whose name has exactly these bits, if any.
    @inline(__always)
    private func findIdentical(_ bits: Bits) -> Int? {
        guard Self.usesIdentity else { return nil }
        return entries.withUnsafeBufferPointer { entries in
            identitySlots.withUnsafeBufferPointer { slots in
                let mask = slots.count - 1
                var slot = Self.identitySlot(bits, mask: mask)
                while true {
                    let entry = Int(slots[slot]) - 1
                    if entry < 0 { return nil }
                    if (entries.baseAddress! + entry).pointee.bits == bits { return entry }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// The entry holding `name`, or the empty slot where it would go.
    private func find(_ name: String, hash: UInt64) -> (entry: Int?, slot: Int) {
        // Entries are compared in place (through `pointee`): copying one out retains its name.
        entries.withUnsafeBufferPointer { entries in
            slots.withUnsafeBufferPointer { slots in
                let mask = slots.count - 1
                var slot = Int(truncatingIfNeeded: hash) & mask
                while true {
                    let entry = Int(slots[slot]) - 1
                    if entry < 0 { return (nil, slot) }
                    let candidate = entries.baseAddress! + entry
                    if candidate.pointee.hash == hash && candidate.pointee.name == name { return (entry, slot) }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// Stores `position` for `name` unless it has one; returns the position `name` has afterwards.
    mutating func insertIfAbsent(_ name: String, position: Int) -> Int {
        if (entries.count + 1) * 2 > slots.count { rehash(slotCount: Self.slotCount(for: entries.count + 1)) }
        let bits = Self.bits(name)
        if let entry = findIdentical(bits) { return entries[entry].position }
        let hash = Self.hash(name)
        let found = find(name, hash: hash)
        if let entry = found.entry { return entries[entry].position }
        entries.append(Entry(hash: hash, position: position, name: name, bits: bits))
        slots[found.slot] = Int32(truncatingIfNeeded: entries.count)
        placeIdentity(entries.count - 1)
        return position
    }

    /// Puts an entry in the identity table.
    private mutating func placeIdentity(_ entry: Int) {
        guard Self.usesIdentity else { return }
        let mask = identitySlots.count - 1
        var slot = Self.identitySlot(entries[entry].bits, mask: mask)
        while identitySlots[slot] != 0 { slot = (slot + 1) & mask }
        identitySlots[slot] = Int32(truncatingIfNeeded: entry + 1)
    }

    /// At least twice `count`, a power of two, at least 16.
    private static func slotCount(for count: Int) -> Int {
        var slots = 16
        while slots < count * 2 { slots <<= 1 }
        return slots
    }

    private mutating func rehash(slotCount: Int) {
        slots = Array(repeating: 0, count: slotCount)
        identitySlots = Array(repeating: 0, count: slotCount)
        let mask = slotCount - 1
        for entry in entries.indices {
            var slot = Int(truncatingIfNeeded: entries[entry].hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: entry + 1)
            placeIdentity(entry)
        }
    }

    /// A random value chosen once per process.
    private static let seed = UInt64.random(in: 1 ... .max)

    /// A multiply-xorshift hash of the name's UTF-8 bytes, read eight at a time.
    static func hash(_ name: String) -> UInt64 {
        // Native and inline strings are always contiguous; others are hashed from a native copy.
        name.utf8.withContiguousStorageIfAvailable(hash(bytes:)) ?? hash(bytes: Array(name.utf8))
    }

    private static func hash(bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer(hash(bytes:))
    }

    private static func hash(bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = seed ^ (UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15)
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            offset += 8
        }
        let remaining = bytes.count - offset
        if remaining > 0 {
            // At most three loads (4, 2 and 1 bytes) rather than one per byte.
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            if remaining & 4 != 0 {
                tail = UInt64(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                offset += 4
                shift = 32
            }
            if remaining & 2 != 0 {
                tail |= UInt64(raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self)) << shift
                offset += 2
                shift += 16
            }
            if remaining & 1 != 0 { tail |= UInt64(base[offset]) << shift }
            hash = (hash ^ tail) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
        }
        return hash
    }
}
