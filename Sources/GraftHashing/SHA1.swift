/// SHA-1 (FIPS 180-4), written out for the WebSocket handshake (RFC 6455 `Sec-WebSocket-Accept`).
///
/// SHA-1 is broken for collision resistance; the handshake uses it only to show that the server
/// understood the WebSocket upgrade, never for security. Do not use it for anything else.
public struct SHA1: Sendable, BlockHash {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0)
    var buffer: [UInt8] = []
    var length: UInt64 = 0

    /// A new hash.
    public init() {
        buffer.reserveCapacity(64)
    }

    /// The 20-byte digest of `bytes`.
    public static func digest<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var hash = SHA1()
        hash.update(bytes)
        return hash.finalize()
    }

    /// Adds bytes to the message.
    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        absorb(bytes)
    }

    /// Pads the message and returns the 20-byte digest.
    public mutating func finalize() -> [UInt8] {
        pad()
        return Self.digest([state.0, state.1, state.2, state.3, state.4])
    }

    mutating func compress(_ block: [UInt8]) {
        var w = [UInt32](repeating: 0, count: 80)
        for i in 0..<16 {
            w[i] = UInt32(block[i * 4]) << 24 | UInt32(block[i * 4 + 1]) << 16 | UInt32(block[i * 4 + 2]) << 8 | UInt32(block[i * 4 + 3])
        }
        for i in 16..<80 {
            let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
            w[i] = (x << 1) | (x >> 31)
        }
        var (a, b, c, d, e) = state
        for i in 0..<80 {
            let f: UInt32, k: UInt32
            switch i {
            case 0..<20: f = (b & c) | (~b & d); k = 0x5A827999
            case 20..<40: f = b ^ c ^ d; k = 0x6ED9EBA1
            case 40..<60: f = (b & c) | (b & d) | (c & d); k = 0x8F1BBCDC
            default: f = b ^ c ^ d; k = 0xCA62C1D6
            }
            let temp = ((a << 5) | (a >> 27)) &+ f &+ e &+ k &+ w[i]
            e = d
            d = c
            c = (b << 30) | (b >> 2)
            b = a
            a = temp
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
    }
}
