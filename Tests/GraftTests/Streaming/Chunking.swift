import Foundation
import GraftTestSupport

/// Cuts streams into chunks for the parser tests (a failing chunking names its seed and reproduces).
enum Chunking {
    /// `bytes` cut into chunks of random sizes from 1 byte up to a per-seed maximum (1 to 64
    /// bytes, sometimes the whole stream), so delimiters and line breaks fall everywhere.
    static func random(_ bytes: [UInt8], seed: UInt64) -> [Data] {
        var generator = SeededGenerator(state: seed)
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
