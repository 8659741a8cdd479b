/// Strings made recently from short runs of UTF-8 bytes, looked up by those bytes: JSON responses
/// and cache records repeat a few keys and field names, and comparing two words is cheaper than
/// making (validating) the string again.
package struct ShortStringCache {
    /// The longest run of bytes kept (the bytes fill two words, the length the top byte).
    package static let maxCount = 15

    /// Direct-mapped: the bytes packed into two words, and their string.
    private var entries: [(word0: UInt64, word1: UInt64, string: String)] = Array(repeating: (0, 0, ""), count: 64)

    /// An empty cache.
    package init() {}

    /// The string of `bytes` as `String(decoding:as: UTF8.self)` makes it, taken from the cache when
    /// the same bytes were seen recently (runs longer than ``maxCount`` are made every time).
    package mutating func string(_ bytes: UnsafeRawBufferPointer) -> String {
        let count = bytes.count
        guard count <= ShortStringCache.maxCount else { return String(decoding: bytes, as: UTF8.self) }
        var word0: UInt64 = 0
        var word1 = UInt64(count) << 56
        if count >= 8 {
            word0 = UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
            if count > 8 {
                // The last eight bytes, shifted down to the ones after the first eight.
                let last = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
                word1 |= last >> UInt64((16 - count) * 8)
            }
        } else {
            for index in 0..<count { word0 |= UInt64(bytes[index]) << UInt64(index * 8) }
        }
        let slot = Int(truncatingIfNeeded: ((word0 ^ (word1 &* 0x2545_F491_4F6C_DD1D)) &* 0x9E37_79B9_7F4A_7C15) >> 58)
        if entries[slot].word0 == word0 && entries[slot].word1 == word1 { return entries[slot].string }
        let string = String(decoding: bytes, as: UTF8.self)
        entries[slot] = (word0, word1, string)
        return string
    }
}
