/// Writes WebSocket frames (RFC 6455 §5.2): the shortest length encoding, and a masked payload for
/// frames a client sends (§5.3: a fresh, unpredictable 32-bit key per frame).
public enum FrameEncoder {
    /// The bytes of one frame. `maskKey` must be given for client frames and nil for server frames.
    public static func encode(_ opcode: WebSocketOpcode, payload: [UInt8], isFinal: Bool = true,
                              maskKey: UInt32? = nil) -> [UInt8] {
        var frame: [UInt8] = []
        frame.reserveCapacity(payload.count + 14)
        frame.append((isFinal ? 0x80 : 0) | opcode.rawValue)
        let maskBit: UInt8 = maskKey == nil ? 0 : 0x80
        switch payload.count {
        case 0..<126:
            frame.append(maskBit | UInt8(payload.count))
        case 126...0xFFFF:
            frame.append(maskBit | 126)
            frame.append(UInt8(payload.count >> 8))
            frame.append(UInt8(payload.count & 0xFF))
        default:
            frame.append(maskBit | 127)
            let length = UInt64(payload.count)
            for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8(truncatingIfNeeded: length >> UInt64(shift))) }
        }
        guard let maskKey else {
            frame.append(contentsOf: payload)
            return frame
        }
        let key: [UInt8] = [UInt8(maskKey >> 24), UInt8(truncatingIfNeeded: maskKey >> 16),
                            UInt8(truncatingIfNeeded: maskKey >> 8), UInt8(truncatingIfNeeded: maskKey)]
        frame.append(contentsOf: key)
        let start = frame.count
        frame.append(contentsOf: payload)
        frame.withUnsafeMutableBufferPointer { buffer in
            Masking.apply(key: key, to: UnsafeMutableBufferPointer(rebasing: buffer[start...]))
        }
        return frame
    }

    /// The payload of a close frame: the code (big-endian) and the reason, cut to fit 125 bytes on a
    /// character boundary.
    public static func closePayload(code: WebSocketCloseCode, reason: String) -> [UInt8] {
        var payload: [UInt8] = [UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xFF)]
        var reasonBytes: [UInt8] = []
        for scalar in reason.unicodeScalars {
            let encoded = Array(String(scalar).utf8)
            if reasonBytes.count + encoded.count > 123 { break }
            reasonBytes.append(contentsOf: encoded)
        }
        payload.append(contentsOf: reasonBytes)
        return payload
    }
}

/// XOR masking of payloads (RFC 6455 §5.3); applying it twice restores the bytes.
enum Masking {
    /// Masks (or unmasks) `buffer` in place with the 4-byte `key`, eight bytes at a time.
    static func apply(key: [UInt8], to buffer: UnsafeMutableBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress else { return }
        let count = buffer.count
        var word: UInt64 = 0
        for index in 0..<8 { word |= UInt64(key[index & 3]) << (UInt64(index) * 8) }
        var index = 0
        while index + 8 <= count {
            let raw = UnsafeMutableRawPointer(base + index)
            raw.storeBytes(of: raw.loadUnaligned(as: UInt64.self) ^ word, as: UInt64.self)
            index += 8
        }
        while index < count {
            base[index] ^= key[index & 3]
            index += 1
        }
    }
}
