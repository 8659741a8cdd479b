/// Interns the parser's long names: each distinct name longer than 15 bytes (Swift's small-string
/// limit) is allocated once per document, then shared by every later occurrence. Large schemas
/// repeat their type names thousands of times.
struct NameTable {
    private var slots: [Int32]   // index into `entries`, or -1
    private var entries: [(start: Int, length: Int, value: String)] = []
    private var mask: Int

    init() {
        mask = 1023
        slots = [Int32](repeating: -1, count: mask + 1)
    }

    /// The string for the bytes `start..<start + length` of `bytes`.
    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for index in start..<start + length {
            hash = (hash ^ UInt64(bytes[index])) &* 0x0100_0000_01B3
        }
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while true {
            let entryIndex = slots[slot]
            if entryIndex < 0 { break }
            let entry = entries[Int(entryIndex)]
            if entry.length == length && NameTable.equal(bytes, entry.start, start, length) { return entry.value }
            slot = (slot + 1) & mask
        }
        let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<start + length]), as: UTF8.self)
        slots[slot] = Int32(entries.count)
        entries.append((start, length, value))
        if entries.count * 2 > mask { grow(bytes) }
        return value
    }

    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int, _ length: Int) -> Bool {
        guard let base = bytes.baseAddress else { return length == 0 }
        return memcmpBytes(base + a, base + b, length)
    }

    private mutating func grow(_ bytes: UnsafeBufferPointer<UInt8>) {
        mask = mask * 2 + 1
        slots = [Int32](repeating: -1, count: mask + 1)
        for (entryIndex, entry) in entries.enumerated() {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for index in entry.start..<entry.start + entry.length {
                hash = (hash ^ UInt64(bytes[index])) &* 0x0100_0000_01B3
            }
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(entryIndex)
        }
    }
}

/// Byte-wise equality of two ranges (stdlib only: no memcmp import needed).
@inline(__always)
func memcmpBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ length: Int) -> Bool {
    var index = 0
    while index + 8 <= length {
        if UnsafeRawPointer(a + index).loadUnaligned(as: UInt64.self) != UnsafeRawPointer(b + index).loadUnaligned(as: UInt64.self) {
            return false
        }
        index += 8
    }
    while index < length {
        if a[index] != b[index] { return false }
        index += 1
    }
    return true
}
