import Foundation

/// One end of an in-memory byte stream pair: what one end writes, the other reads. For tests of
/// everything above the seam (and users' tests of their subscriptions) without sockets.
///
/// ```swift
/// let (client, server) = InMemoryByteStream.pair()
/// ```
public final class InMemoryByteStream: ByteStream, @unchecked Sendable {
    private let inbound: Pipe
    private let outbound: Pipe

    private init(inbound: Pipe, outbound: Pipe) {
        self.inbound = inbound
        self.outbound = outbound
    }

    /// Two connected ends.
    public static func pair() -> (InMemoryByteStream, InMemoryByteStream) {
        let forward = Pipe(), backward = Pipe()
        return (InMemoryByteStream(inbound: backward, outbound: forward), InMemoryByteStream(inbound: forward, outbound: backward))
    }

    public func read() async throws -> [UInt8] {
        await inbound.read()
    }

    /// Throws ``WebSocketError/connectionLost(_:)`` once either end closed.
    public func write(_ bytes: [UInt8]) async throws {
        try outbound.write(bytes)
    }

    /// Closes both directions: the peer reads the end of the stream.
    public func close() async {
        inbound.close()
        outbound.close()
    }

    /// Whether this end or its peer closed the stream.
    public var isClosed: Bool { outbound.isClosed }

    /// One direction: buffered bytes and at most one waiting reader.
    private final class Pipe: @unchecked Sendable {
        private let lock = NSLock()
        private var buffer: [UInt8] = []
        private var closed = false
        private var reader: CheckedContinuation<[UInt8], Never>?

        var isClosed: Bool { lock.withLock { closed } }

        func write(_ bytes: [UInt8]) throws {
            let waiting: CheckedContinuation<[UInt8], Never>? = try lock.withLock {
                guard !closed else { throw WebSocketError.connectionLost("the in-memory stream is closed") }
                if let reader {
                    self.reader = nil
                    return reader
                }
                buffer.append(contentsOf: bytes)
                return nil
            }
            waiting?.resume(returning: bytes)
        }

        func read() async -> [UInt8] {
            await withCheckedContinuation { continuation in
                let ready: [UInt8]? = lock.withLock {
                    if !buffer.isEmpty {
                        defer { buffer = [] }
                        return buffer
                    }
                    if closed { return [] }
                    reader = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }

        func close() {
            let waiting: CheckedContinuation<[UInt8], Never>? = lock.withLock {
                closed = true
                defer { reader = nil }
                return reader
            }
            waiting?.resume(returning: [])
        }
    }
}
