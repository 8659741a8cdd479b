/// What SHA-1 and SHA-256 share (FIPS 180-4 §5.1.1): the message goes through in 64-byte blocks,
/// and the last one is padded with a 1 bit, zeros and the message's length in bits, big-endian.
protocol BlockHash {
    /// The bytes of the block being filled.
    var buffer: [UInt8] { get set }
    /// The message's length so far, in bytes.
    var length: UInt64 { get set }
    /// Mixes one 64-byte block into the state.
    mutating func compress(_ block: [UInt8])
}

extension BlockHash {
    /// Adds bytes to the message, compressing each block as it fills.
    mutating func absorb<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            buffer.append(byte)
            length &+= 1
            if buffer.count == 64 {
                compress(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Pads the message and compresses the last block(s); the state then holds the digest.
    mutating func pad() {
        let bitLength = length &* 8
        buffer.append(0x80)
        if buffer.count > 56 {
            while buffer.count < 64 { buffer.append(0) }
            compress(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
        while buffer.count < 56 { buffer.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { buffer.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        compress(buffer)
        buffer.removeAll()
    }

    /// The words of the state as the digest's bytes, big-endian.
    static func digest(_ words: [UInt32]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(words.count * 4)
        for word in words {
            bytes += [UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
                      UInt8(truncatingIfNeeded: word)]
        }
        return bytes
    }
}
