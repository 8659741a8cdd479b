/// Reads WebSocket frames from bytes as they arrive (RFC 6455 §5) and hands up whole messages and
/// control frames.
///
/// Everything the RFC forbids is a ``WebSocketError/protocolViolation(_:closeCode:)``, never a
/// crash: reserved bits, reserved opcodes, masking from the wrong side, fragmented or oversized
/// control frames, continuation frames out of place, non-minimal lengths, text that is not UTF-8,
/// bad close payloads. A message larger than `maxMessageSize` is refused as soon as its frame
/// header says so, before its payload is buffered, so a hostile peer cannot grow memory past
/// about `maxMessageSize` plus one read.
public struct FrameParser: Sendable {
    /// Which side of the connection parses: clients receive unmasked frames, servers masked ones.
    public enum Role: Sendable {
        case client, server
    }

    /// The largest message (all fragments together) accepted, in bytes.
    public let maxMessageSize: Int
    private let role: Role
    private var buffer: [UInt8] = []
    private var start = 0
    private var fragments: [UInt8] = []
    private var fragmentedOpcode: WebSocketOpcode?
    private var failed = false

    /// A parser for `role` that refuses messages over `maxMessageSize` bytes.
    public init(role: Role = .client, maxMessageSize: Int = 16 << 20) {
        self.role = role
        self.maxMessageSize = maxMessageSize
    }

    /// Bytes received and not yet parsed.
    public var bufferedByteCount: Int { buffer.count - start }

    /// Adds received bytes.
    public mutating func append<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 65536 && start * 2 > buffer.count {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next message or control frame, or nil until more bytes arrive. After an error the
    /// parser stays failed (the connection must close).
    public mutating func next() throws(WebSocketError) -> WebSocketEvent? {
        guard !failed else { throw WebSocketError.protocolViolation("the connection already failed", closeCode: .protocolError) }
        do {
            while true {
                guard let frame = try nextFrame() else { return nil }
                if let event = try handle(frame) { return event }
            }
        } catch {
            failed = true
            throw error
        }
    }

    private struct Frame {
        var opcode: WebSocketOpcode
        var isFinal: Bool
        var payload: [UInt8]
    }

    private mutating func nextFrame() throws(WebSocketError) -> Frame? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let first = buffer[start], second = buffer[start + 1]
        guard first & 0x70 == 0 else { throw violation("reserved bits set without a negotiated extension") }
        guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else {
            throw violation("reserved opcode \(first & 0x0F)")
        }
        let isFinal = first & 0x80 != 0
        let isMasked = second & 0x80 != 0
        switch role {
        case .client where isMasked: throw violation("the server sent a masked frame")
        case .server where !isMasked: throw violation("the client sent an unmasked frame")
        default: break
        }
        var headerLength = 2
        var length = UInt64(second & 0x7F)
        if length == 126 {
            guard available >= 4 else { return nil }
            length = UInt64(buffer[start + 2]) << 8 | UInt64(buffer[start + 3])
            headerLength = 4
            guard length >= 126 else { throw violation("a 16-bit length of \(length) (must use the 7-bit form)") }
        } else if length == 127 {
            guard available >= 10 else { return nil }
            length = 0
            for index in 2..<10 { length = length << 8 | UInt64(buffer[start + index]) }
            headerLength = 10
            guard length >> 63 == 0 else { throw violation("a 64-bit length with its most significant bit set") }
            guard length > 0xFFFF else { throw violation("a 64-bit length of \(length) (must use a shorter form)") }
        }
        if opcode.isControl {
            guard isFinal else { throw violation("a fragmented control frame") }
            guard length <= 125 else { throw violation("a control frame of \(length) bytes (at most 125)") }
        } else {
            switch (opcode, fragmentedOpcode) {
            case (.continuation, nil): throw violation("a continuation frame without a message to continue")
            case (.text, .some), (.binary, .some): throw violation("a new message before the fragmented one ended")
            default: break
            }
            let total = UInt64(fragments.count) + length
            guard total <= UInt64(maxMessageSize) else {
                throw WebSocketError.protocolViolation("a message of at least \(total) bytes (the limit is \(maxMessageSize))",
                                                       closeCode: .messageTooBig)
            }
        }
        if isMasked { headerLength += 4 }
        let frameLength = headerLength + Int(length)
        guard available >= frameLength else { return nil }
        let payloadStart = start + headerLength
        var payload = Array(buffer[payloadStart..<(start + frameLength)])
        if isMasked {
            let key = Array(buffer[(payloadStart - 4)..<payloadStart])
            payload.withUnsafeMutableBufferPointer { Masking.apply(key: key, to: $0) }
        }
        start += frameLength
        return Frame(opcode: opcode, isFinal: isFinal, payload: payload)
    }

    private mutating func handle(_ frame: Frame) throws(WebSocketError) -> WebSocketEvent? {
        switch frame.opcode {
        case .ping: return .ping(frame.payload)
        case .pong: return .pong(frame.payload)
        case .close: return try Self.close(frame.payload)
        case .text, .binary:
            if frame.isFinal { return try Self.message(frame.opcode, frame.payload) }
            fragmentedOpcode = frame.opcode
            fragments = frame.payload
            return nil
        case .continuation:
            fragments.append(contentsOf: frame.payload)
            guard frame.isFinal, let opcode = fragmentedOpcode else { return nil }
            fragmentedOpcode = nil
            let message = fragments
            fragments = []
            return try Self.message(opcode, message)
        }
    }

    private static func message(_ opcode: WebSocketOpcode, _ payload: [UInt8]) throws(WebSocketError) -> WebSocketEvent {
        guard opcode == .text else { return .binary(payload) }
        guard UTF8Validation.isValid(payload) else {
            throw WebSocketError.protocolViolation("a text message that is not valid UTF-8", closeCode: .invalidPayload)
        }
        return .text(payload)
    }

    private static func close(_ payload: [UInt8]) throws(WebSocketError) -> WebSocketEvent {
        if payload.isEmpty { return .close(code: nil, reason: "") }
        guard payload.count >= 2 else { throw violation("a close frame with a 1-byte payload") }
        let code = WebSocketCloseCode(UInt16(payload[0]) << 8 | UInt16(payload[1]))
        guard code.isValidOnTheWire else { throw violation("a close frame with the invalid code \(code)") }
        let reason = Array(payload[2...])
        guard UTF8Validation.isValid(reason) else {
            throw WebSocketError.protocolViolation("a close reason that is not valid UTF-8", closeCode: .invalidPayload)
        }
        return .close(code: code, reason: String(decoding: reason, as: UTF8.self))
    }

    private func violation(_ message: String) -> WebSocketError {
        Self.violation(message)
    }

    private static func violation(_ message: String) -> WebSocketError {
        .protocolViolation(message, closeCode: .protocolError)
    }
}
