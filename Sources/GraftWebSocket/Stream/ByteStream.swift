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
    /// Connects to `endpoint` (TLS when ``WebSocketEndpoint/usesTLS``); throws
    /// ``WebSocketError/connectFailed(_:isTrustFailure:)`` when it cannot.
    func connect(to endpoint: WebSocketEndpoint, tls: TLSOptions, timeout: Duration) async throws -> any ByteStream
}

/// How a TLS server is trusted: the system's trust store or a given CA file, and optionally a set
/// of pinned public keys that the server's certificate must match.
public struct TLSOptions: Sendable, Hashable {
    /// A PEM file of CA certificates to trust instead of the system's (for a private CA, or a
    /// test's throwaway certificate).
    public var caFile: String?
    /// Base64 SHA-256 hashes of accepted SubjectPublicKeyInfo (as `openssl x509 -pubkey | openssl
    /// pkey -pubin -outform der | openssl dgst -sha256 -binary | base64` prints; a `sha256//`
    /// prefix is allowed). Empty: no pinning. A mismatch fails before anything is sent.
    public var pinnedPublicKeyHashes: [String]

    /// Creates options.
    public init(caFile: String? = nil, pinnedPublicKeyHashes: [String] = []) {
        self.caFile = caFile
        self.pinnedPublicKeyHashes = pinnedPublicKeyHashes
    }

    /// The pins without their `sha256//` prefix.
    var bareHashes: [String] {
        pinnedPublicKeyHashes.map { $0.hasPrefix("sha256//") ? String($0.dropFirst(8)) : $0 }
    }
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
