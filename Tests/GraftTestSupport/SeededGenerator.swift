/// SplitMix64: a small, fast random number generator that gives the same sequence for the same
/// seed, so the fuzz tests are reproducible.
public struct SeededGenerator: RandomNumberGenerator {
    /// The state; the seed to start with.
    public var state: UInt64

    /// A generator starting from `state`.
    public init(state: UInt64) {
        self.state = state
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Up to `maxLength` random bytes after `prefix`, each either from `alphabet` (the bytes the
    /// parser under test cares about) or any byte, with even odds.
    public mutating func bytes(upTo maxLength: Int, from alphabet: [UInt8], after prefix: [UInt8] = []) -> [UInt8] {
        let length = Int.random(in: 0...maxLength, using: &self)
        var bytes = prefix
        bytes.reserveCapacity(prefix.count + length)
        for _ in 0..<length {
            bytes.append(Bool.random(using: &self) ? alphabet.randomElement(using: &self)! : UInt8.random(in: 0...255, using: &self))
        }
        return bytes
    }

    /// A mutation a fuzz test adds to the standard ones: it changes `bytes` at `position`.
    public typealias Mutation = (_ bytes: inout [UInt8], _ position: Int, _ generator: inout SeededGenerator) -> Void

    /// Applies one to four random mutations to `bytes`: remove a byte, insert one from `alphabet`,
    /// overwrite one with any byte, one of `extra`, or repeat a random slice.
    public mutating func mutate(_ bytes: inout [UInt8], alphabet: [UInt8], extra: [Mutation] = []) {
        for _ in 0..<Int.random(in: 1...4, using: &self) {
            let position = Int.random(in: 0...bytes.count, using: &self)
            let kind = Int.random(in: 0..<(4 + extra.count), using: &self)
            switch kind {
            case 0 where position < bytes.count: bytes.remove(at: position)
            case 1: bytes.insert(alphabet.randomElement(using: &self)!, at: position)
            case 2 where position < bytes.count: bytes[position] = UInt8.random(in: 0...255, using: &self)
            case 3..<(3 + extra.count): extra[kind - 3](&bytes, position, &self)
            default:
                let other = Int.random(in: 0...bytes.count, using: &self)
                let range = min(position, other)..<max(position, other)
                bytes.insert(contentsOf: bytes[range], at: range.upperBound)
            }
        }
    }
}
