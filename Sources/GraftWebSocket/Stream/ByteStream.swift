import Graft

/// The seam under the WebSocket: an ordered, reliable byte stream (TCP or TLS). Everything above
/// it (framing, the handshake, both GraphQL protocols, reconnecting) is plain Swift, tested with
/// ``InMemoryByteStream``; libcurl on Linux (``CurlConnector``) and Network.framework on Apple
/// platforms (`NetworkConnector`) implement it.
public protocol ByteStream: Sendable {
    /// The next bytes received, waiting until some arrive; an empty array once the stream ended
    /// (or was closed). Only one task reads at a time.
    func read() async throws -> [UInt8]

    /// Sends all of `bytes`. Writes go out whole and in the order of the calls.
    func write(_ bytes: [UInt8]) async throws

    /// Closes the stream; a pending `read` returns an empty array. Calling it again does nothing.
    func close() async
}

/// Opens byte streams: TCP, or TLS checked against the system's trust store, a CA file, and pins.
public protocol ByteStreamConnector: Sendable {
    /// Connects to `endpoint` (TLS when ``WebSocketEndpoint/usesTLS``, trusted and pinned as `tls`
    /// says); throws ``WebSocketError/connectFailed(_:isTrustFailure:)`` when it cannot, and a
    /// `GraftError` with code `pinningFailed` when the server's key matches none of the host's pins.
    func connect(to endpoint: WebSocketEndpoint, tls: TLSOptions, timeout: Duration) async throws -> any ByteStream
}

extension ByteStreamConnector where Self == PlatformConnector {
    /// The platform's byte streams: libcurl on Linux, Network.framework on Apple platforms.
    public static var platform: PlatformConnector { PlatformConnector() }
}

/// The platform's connector: ``CurlConnector`` on Linux, `NetworkConnector` where Network.framework exists.
public struct PlatformConnector: ByteStreamConnector {
    /// Creates the connector.
    public init() {}

    public func connect(to endpoint: WebSocketEndpoint, tls: TLSOptions, timeout: Duration) async throws -> any ByteStream {
        #if canImport(Network) && canImport(Security)
        return try await NetworkConnector().connect(to: endpoint, tls: tls, timeout: timeout)
        #elseif canImport(CCurl)
        return try await CurlConnector().connect(to: endpoint, tls: tls, timeout: timeout)
        #else
        throw WebSocketError.connectFailed("no byte stream on this platform", isTrustFailure: false)
        #endif
    }
}
