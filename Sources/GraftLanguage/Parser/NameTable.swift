/// The names of one parse, interned: each distinct name is turned into a `String` once, and every
/// later occurrence shares it.
///
/// A large schema names the same types and fields tens of thousands of times. Making a `String`
/// for each occurrence validates its UTF-8 (about 170 instructions even for a name short enough to
/// be stored inline) and, for names over 15 bytes, allocates a heap object, which is later released
/// again. A lookup here hashes four words of the name (its first sixteen bytes, a word from its
/// middle, its last eight bytes: a fixed cost whatever its length) and compares it a word at a
/// time; shared strings also compare equal at once (same storage) when the schema builder
/// and validation look them up.
///
/// A name of up to 15 bytes (about four in five names of the GitHub schema) needs no table: a string
/// that short is stored inline, its bytes and its length in its two words, so the name's string is
/// made from the bytes already loaded for hashing, with the same bits the standard library would
/// give it. That layout is checked once per table against strings the standard library made;
/// where it differs (another word size), every name goes through the table.
struct NameTable {
    private struct Entry {
        /// Where the words of bytes 16..<length-8 of a name over 24 bytes start in `tails`.
        var tail: Int
        var length: Int
        var hash: UInt64
        /// The first sixteen bytes, zero past the name's end: short names compare by these alone.
        var head: (UInt64, UInt64)
        /// The last eight bytes of a name over sixteen bytes: with `head` they cover every byte of
        /// a name of up to 24 bytes, and the bytes that `tails` leaves out of a longer one.
        var last: UInt64
        var value: String
    }

    /// Open addressing, linear probing: each slot is an index into `entries` plus one (0 = empty).
    private var slots: [Int32]
    private var entries: [Entry] = []
    /// Bytes 16... of each name over 24 bytes, eight at a time (whole words only: the bytes after
    /// the last whole word are in `Entry.last`), back to back: compared in this compact buffer
    /// rather than at the name's first occurrence somewhere else in the source (a cache miss per
    /// lookup).
    private var tails: [UInt64] = []
    private var mask: Int
    /// The flags in the top byte of an inline ASCII string's second word (its length is the low
    /// four bits), or 0 when names are not made inline (see `inlineASCIIFlags()`).
    private let inlineFlags: UInt64 = NameTable.platformInlineFlags

    /// `inlineASCIIFlags()`, worked out once per process.
    private static let platformInlineFlags = inlineASCIIFlags()

    /// Creates a table sized for a source of `byteCount` bytes (it grows when needed).
    init(byteCount: Int) {
        // About one distinct name per 280 bytes in the GitHub schema, and one over 15 bytes per
        // 550 (the only names the table holds where short names are made inline); at most half
        // the slots are used. No larger than that: the first load of a lookup, a random slot, is
        // where a parse waits most in this table (a cache miss), and a smaller table misses less.
        let bytesPerName = NameTable.platformInlineFlags != 0 ? 550 : 280
        var capacity = 256
        while capacity < 2 * byteCount / bytesPerName && capacity < 1 << 20 { capacity <<= 1 }
        slots = Array(repeating: 0, count: capacity)
        mask = capacity - 1
        entries.reserveCapacity(Swift.min(capacity / 2, byteCount / bytesPerName + 16))
        tails.reserveCapacity(byteCount / 800)
    }

    /// The name spelled by `bytes[start..<end]` (a NameToken: ASCII, already checked by the lexer).
    ///
    /// Inlined into the parser for the common short name not at the end of the source: two loads
    /// and masks. Other names go to `lookUp`.
    @inline(__always)
    mutating func name(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        let length = end &- start
        guard length <= 15 && inlineFlags != 0 && end &+ 8 <= bytes.count, let base = bytes.baseAddress else {
            return lookUp(bytes, start, end)
        }
        // The words may reach past the name (masked off) but not past the source: the second is
        // read only for names longer than eight bytes, and ends at most eight bytes past the name.
        let raw = UnsafeRawPointer(base + start)
        let first = raw.loadUnaligned(as: UInt64.self)
        let head: (UInt64, UInt64)
        if length <= 8 {
            head = (first & (~0 &>> UInt64(truncatingIfNeeded: 64 &- length &* 8)), 0)
        } else {
            let second = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            head = (first, second & (~0 &>> UInt64(truncatingIfNeeded: 128 &- length &* 8)))
        }
        return Self.inlineString(head, length, flags: inlineFlags)
    }

    /// `name` through the table: long names, names at the very end of the source, and every name
    /// where strings are not made inline.
    @inline(never)
    mutating func lookUp(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        let length = end - start
        let name = bytes.baseAddress! + start
        // Words are read eight bytes at a time; the last one may reach past the name (masked off)
        // but never past the source.
        let canOverread = end + 8 <= bytes.count
        let head = Self.head(name, length, canOverread: canOverread)
        if length <= 15 && inlineFlags != 0 { return Self.inlineString(head, length, flags: inlineFlags) }
        // A name over sixteen bytes: its last word lies within it.
        let last = length > 16 ? UnsafeRawPointer(name).loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self) : 0
        let hash = length <= 16 ? Self.hash(head, length) : Self.hash(head, length, name: name, last: last)
        var slot = Int(truncatingIfNeeded: hash) & mask
        // The string is read in place: `entries[index].value` copied the whole entry first.
        let found = slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                tails.withUnsafeBufferPointer { tails -> String? in
                    while true {
                        let index = Int(slots[slot]) - 1
                        if index < 0 { return nil }
                        let entry = entries.baseAddress! + index
                        if entry.pointee.head == head && entry.pointee.length == length
                            && (length <= 16 || (entry.pointee.hash == hash && entry.pointee.last == last
                                && (length <= 24 || Self.equal(tails.baseAddress! + entry.pointee.tail, name + 16, words: (length &- 16) &>> 3)))) {
                            return entry.pointee.value
                        }
                        slot = (slot + 1) & mask
                    }
                }
            }
        }
        if let found { return found }
        return insert(name, length: length, hash: hash, head: head, last: last, slot: slot)
    }

    private mutating func insert(_ name: UnsafePointer<UInt8>, length: Int, hash: UInt64,
                                 head: (UInt64, UInt64), last: UInt64, slot: Int) -> String {
        // One validation (ASCII, a fast path) and one copy. `String(unsafeUninitializedCapacity:)`
        // cost about 50 instructions more per name (its closure and a second count-and-flags
        // update): 0.1M of a parse of the GitHub schema.
        let value = String(decoding: UnsafeBufferPointer(start: name, count: length), as: UTF8.self)
        let tail = tails.count
        if length > 24 {
            let raw = UnsafeRawPointer(name + 16)
            for word in 0..<((length &- 16) &>> 3) { tails.append(raw.loadUnaligned(fromByteOffset: word &<< 3, as: UInt64.self)) }
        }
        entries.append(Entry(tail: tail, length: length, hash: hash, head: head, last: last, value: value))
        slots[slot] = Int32(entries.count)
        if entries.count * 2 > slots.count { grow() }
        return value
    }

    /// The string of an ASCII name of at most 15 bytes whose bytes are `head` (zero past the end),
    /// laid out inline as the standard library lays out short strings.
    @inline(__always)
    static func inlineString(_ head: (UInt64, UInt64), _ length: Int, flags: UInt64) -> String {
        unsafeBitCast((head.0, head.1 | flags | UInt64(truncatingIfNeeded: length) &<< 56), to: String.self)
    }

    /// The flags of an inline ASCII string of this platform, when strings are two words and
    /// `inlineString` gives exactly the bits of the standard library's own strings for names of
    /// every inline length; otherwise 0.
    static func inlineASCIIFlags() -> UInt64 {
        guard MemoryLayout<String>.size == 16, MemoryLayout<String>.alignment == 8, UInt64(1).littleEndian == 1 else { return 0 }
        typealias Bits = (UInt64, UInt64)
        let flags = unsafeBitCast(String(decoding: [UInt8(ascii: "a")], as: UTF8.self), to: Bits.self).1 & (0xF0 &<< 56)
        guard flags != 0 else { return 0 }
        let sample = Array("abcdefghijklmnopqrstuvwxyz_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        for length in 1...15 {
            let bytes = Array(sample[(length * 3)..<(length * 3 + length)])
            var head: Bits = (0, 0)
            for (index, byte) in bytes.enumerated() {
                if index < 8 { head.0 |= UInt64(byte) << UInt64(index * 8) } else { head.1 |= UInt64(byte) << UInt64((index - 8) * 8) }
            }
            let made = unsafeBitCast(inlineString(head, length, flags: flags), to: Bits.self)
            let expected = unsafeBitCast(String(decoding: bytes, as: UTF8.self), to: Bits.self)
            guard made == expected else { return 0 }
        }
        return flags
    }

    private mutating func grow() {
        let capacity = slots.count * 2
        slots = Array(repeating: 0, count: capacity)
        mask = capacity - 1
        for index in entries.indices {
            var slot = Int(truncatingIfNeeded: entries[index].hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }

    /// The word of up to eight bytes at `offset` (`count` of them, the rest zero).
    @inline(__always)
    private static func word(_ pointer: UnsafePointer<UInt8>, _ offset: Int, _ count: Int, canOverread: Bool) -> UInt64 {
        if count >= 8 || canOverread {
            let word = UnsafeRawPointer(pointer).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            return count >= 8 ? word : word & ((1 << UInt64(truncatingIfNeeded: count * 8)) - 1)
        }
        var word: UInt64 = 0
        for index in 0..<count { word |= UInt64(pointer[offset + index]) << UInt64(truncatingIfNeeded: index * 8) }
        return word
    }

    /// The first sixteen bytes of a name as two words, zero past its end.
    @inline(__always)
    private static func head(_ name: UnsafePointer<UInt8>, _ length: Int, canOverread: Bool) -> (UInt64, UInt64) {
        guard canOverread && length <= 16 else {
            return (word(name, 0, length, canOverread: canOverread), length > 8 ? word(name, 8, length &- 8, canOverread: canOverread) : 0)
        }
        // The common case: two loads (the second stays within the eight bytes past the name).
        let raw = UnsafeRawPointer(name)
        let first = raw.loadUnaligned(as: UInt64.self)
        if length < 8 { return (first & ((1 &<< UInt64(truncatingIfNeeded: length &* 8)) &- 1), 0) }
        if length == 8 { return (first, 0) }
        let second = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        if length == 16 { return (first, second) }
        return (first, second & ((1 &<< UInt64(truncatingIfNeeded: (length &- 8) &* 8)) &- 1))
    }

    /// The hash of a name of up to sixteen bytes from its two head words.
    @inline(__always)
    private static func hash(_ head: (UInt64, UInt64), _ length: Int) -> UInt64 {
        var hash = (head.0 ^ (UInt64(truncatingIfNeeded: length) &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 31
        hash = (hash ^ head.1) &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 29)
    }

    /// The hash of a name over sixteen bytes from its head, a word from its middle and its last
    /// word (all within the name): a fixed cost whatever the length. Names that differ only
    /// elsewhere share a hash and are told apart by `tails`.
    @inline(__always)
    private static func hash(_ head: (UInt64, UInt64), _ length: Int, name: UnsafePointer<UInt8>, last: UInt64) -> UInt64 {
        let middle = UnsafeRawPointer(name).loadUnaligned(fromByteOffset: (length &>> 1) &- 4, as: UInt64.self)
        var hash = (hash(head, length) ^ middle) &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 31
        hash = (hash ^ last) &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 29)
    }

    /// Whether `words` words at `a` (in `tails`) and the bytes at `b` (in the source) are the same.
    @inline(__always)
    private static func equal(_ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt8>, words: Int) -> Bool {
        let b = UnsafeRawPointer(b)
        for word in 0..<words where a[word] != b.loadUnaligned(fromByteOffset: word &<< 3, as: UInt64.self) { return false }
        return true
    }
}
