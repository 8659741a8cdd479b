import Foundation

/// A seeded random generator (SplitMix64), so a failing chunking names its seed and reproduces.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum Chunking {
    /// `bytes` cut into chunks of random sizes from 1 byte up to a per-seed maximum (1 to 64
    /// bytes, sometimes the whole stream), so delimiters and line breaks fall everywhere.
    static func random(_ bytes: [UInt8], seed: UInt64) -> [Data] {
        var generator = SeededGenerator(seed: seed)
        let largest = seed % 10 == 0 ? max(bytes.count, 1) : Int.random(in: 1...64, using: &generator)
        var chunks: [Data] = []
        var index = 0
        while index < bytes.count {
            let size = Int.random(in: 1...largest, using: &generator)
            let end = min(bytes.count, index + size)
            chunks.append(Data(bytes[index..<end]))
            index = end
        }
        return chunks
    }

    /// One byte at a time.
    static func bytewise(_ bytes: [UInt8]) -> [Data] {
        bytes.map { Data([$0]) }
    }
}
