/// The opcode of a WebSocket frame (RFC 6455 §5.2). Opcodes 3-7 and 11-15 are reserved and
/// rejected by ``FrameParser``.
public enum WebSocketOpcode: UInt8, Sendable, Hashable {
    /// The next fragment of a text or binary message.
    case continuation = 0x0
    /// The first (or only) frame of a text message; the whole message must be UTF-8.
    case text = 0x1
    /// The first (or only) frame of a binary message.
    case binary = 0x2
    /// Starts or answers the closing handshake; payload: a 2-byte code and a UTF-8 reason.
    case close = 0x8
    /// Asks the peer for a pong with the same payload.
    case ping = 0x9
    /// Answers a ping (or is sent unsolicited as a heartbeat).
    case pong = 0xA

    /// Close, ping and pong: never fragmented, at most 125 bytes of payload, may come between the
    /// fragments of a message.
    public var isControl: Bool { rawValue & 0x8 != 0 }
}

/// What ``FrameParser`` hands up: a whole message (fragments joined) or a control frame.
public enum WebSocketEvent: Sendable, Hashable {
    /// A text message; the bytes were checked to be UTF-8.
    case text([UInt8])
    /// A binary message.
    case binary([UInt8])
    /// A ping with its payload (answer with a pong carrying the same bytes).
    case ping([UInt8])
    /// A pong with its payload.
    case pong([UInt8])
    /// The peer started (or answered) the closing handshake; `code` is nil when the frame had no payload.
    case close(code: WebSocketCloseCode?, reason: String)
}
