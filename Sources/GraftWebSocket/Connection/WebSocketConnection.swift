/// A client WebSocket (RFC 6455) over any ``ByteStream``: the opening handshake, masked frames,
/// fragmented messages put back together, pings answered, the closing handshake with a code and
/// reason, and a maximum message size.
///
/// One task reads (``receive()``); any task may send. Frames go out whole, in the order sent.
public actor WebSocketConnection {
    /// A message or a pong, as ``receive()`` returns them (pings are answered here).
    public enum Message: Sendable, Hashable {
        /// A text message, checked to be UTF-8.
        case text([UInt8])
        /// A binary message.
        case binary([UInt8])
        /// A pong (an answer to ``ping(_:)``, or a heartbeat).
        case pong([UInt8])
    }

    /// The subprotocol the server chose, if any.
    public nonisolated let subprotocol: String?
    private let stream: any ByteStream
    private var parser: FrameParser
    private var random = SystemRandomNumberGenerator()
    private var closeSent = false
    private var ended: WebSocketError?

    /// Wraps a stream whose handshake is done; `leftover` are bytes read after the response head.
    init(stream: any ByteStream, subprotocol: String?, leftover: [UInt8], maxMessageSize: Int) {
        self.stream = stream
        self.subprotocol = subprotocol
        parser = FrameParser(role: .client, maxMessageSize: maxMessageSize)
        parser.append(leftover)
    }

    /// Opens a WebSocket on `stream`: sends the upgrade request for `endpoint` offering `protocols`
    /// with `headers`, and checks the answer. Closes the stream when the handshake fails.
    public static func open(on stream: any ByteStream, endpoint: WebSocketEndpoint, protocols: [String],
                            headers: [(String, String)] = [], maxMessageSize: Int = 16 << 20) async throws -> WebSocketConnection {
        let handshake = WebSocketHandshake()
        do {
            try await stream.write(handshake.request(for: endpoint, protocols: protocols, headers: headers))
            var received: [UInt8] = []
            while true {
                if let length = WebSocketHandshake.headLength(in: received) {
                    let chosen = try handshake.validate(responseHead: Array(received[..<length]), offered: protocols)
                    return WebSocketConnection(stream: stream, subprotocol: chosen, leftover: Array(received[length...]),
                                               maxMessageSize: maxMessageSize)
                }
                guard received.count <= WebSocketHandshake.maxResponseHeadSize else {
                    throw WebSocketError.handshakeFailed("the response head is longer than \(WebSocketHandshake.maxResponseHeadSize) bytes", status: nil)
                }
                let bytes = try await stream.read()
                guard !bytes.isEmpty else {
                    throw WebSocketError.handshakeFailed("the server closed the connection during the handshake", status: nil)
                }
                received.append(contentsOf: bytes)
            }
        } catch {
            await stream.close()
            throw error
        }
    }

    /// Sends a text message.
    public func send(text: String) async throws {
        try await send(.text, Array(text.utf8))
    }

    /// Sends a text message given as UTF-8 bytes (not checked).
    public func send(textBytes: [UInt8]) async throws {
        try await send(.text, textBytes)
    }

    /// Sends a binary message.
    public func send(binary: [UInt8]) async throws {
        try await send(.binary, binary)
    }

    /// Sends a ping (at most 125 bytes of payload); the pong comes back through ``receive()``.
    public func ping(_ payload: [UInt8] = []) async throws {
        try await send(.ping, Array(payload.prefix(125)))
    }

    /// The next message or pong. Answers pings; when the server closes, answers its close frame and
    /// throws ``WebSocketError/closed(code:reason:)``; a protocol violation closes the connection
    /// with the matching code and throws it; the end of the stream throws
    /// ``WebSocketError/connectionLost(_:)``.
    public func receive() async throws -> Message {
        while true {
            if let ended { throw ended }
            let event: WebSocketEvent?
            do {
                event = try parser.next()
            } catch {
                await fail(error)
                throw error
            }
            guard let event else {
                let bytes: [UInt8]
                do {
                    bytes = try await stream.read()
                } catch {
                    await end(.connectionLost("\(error)"))
                    throw ended!
                }
                if bytes.isEmpty {
                    await end(.connectionLost(closeSent ? "the connection closed" : "the server ended the stream without a close frame"))
                    throw ended!
                }
                parser.append(bytes)
                continue
            }
            switch event {
            case .text(let bytes): return .text(bytes)
            case .binary(let bytes): return .binary(bytes)
            case .pong(let bytes): return .pong(bytes)
            case .ping(let bytes): try? await send(.pong, bytes)
            case .close(let code, let reason):
                if !closeSent {
                    closeSent = true
                    try? await writeFrame(.close, code.map { FrameEncoder.closePayload(code: $0, reason: "") } ?? [])
                }
                await end(.closed(code: code, reason: reason))
                throw ended!
            }
        }
    }

    /// Starts the closing handshake with `code` and `reason` and closes the stream; a reader
    /// waiting in ``receive()`` then throws. Does nothing once closed.
    public func close(code: WebSocketCloseCode = .normalClosure, reason: String = "") async {
        guard ended == nil else { return }
        if !closeSent {
            closeSent = true
            try? await writeFrame(.close, FrameEncoder.closePayload(code: code, reason: reason))
        }
        await end(.closed(code: code, reason: reason.isEmpty ? "closed by the client" : reason))
    }

    /// Whether the connection has ended.
    public var isClosed: Bool { ended != nil }

    private func send(_ opcode: WebSocketOpcode, _ payload: [UInt8]) async throws {
        if let ended { throw ended }
        try await writeFrame(opcode, payload)
    }

    private func writeFrame(_ opcode: WebSocketOpcode, _ payload: [UInt8]) async throws {
        try await stream.write(FrameEncoder.encode(opcode, payload: payload, maskKey: random.next()))
    }

    private func fail(_ error: WebSocketError) async {
        if case .protocolViolation(let message, let code) = error, !closeSent {
            closeSent = true
            try? await writeFrame(.close, FrameEncoder.closePayload(code: code, reason: String(message.prefix(100))))
        }
        await end(error)
    }

    private func end(_ error: WebSocketError) async {
        guard ended == nil else { return }
        ended = error
        await stream.close()
    }
}
