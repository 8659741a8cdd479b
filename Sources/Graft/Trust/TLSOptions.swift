/// How TLS servers are trusted, for HTTP (``CurlHTTPClient``, and `URLSessionHTTPClient` on Apple
/// platforms) and WebSocket connections alike: the system's trust store or a given CA file, then
/// optionally the host's pinned public keys (``CertificatePinning``).
public struct TLSOptions: Sendable {
    /// A PEM file of CA certificates to trust instead of the system's (for a private CA, or a
    /// test's throwaway certificate).
    public var caFile: String?
    /// Public-key pins per host; nil: no pinning.
    public var pinning: CertificatePinning?

    /// Creates options.
    public init(caFile: String? = nil, pinning: CertificatePinning? = nil) {
        self.caFile = caFile
        self.pinning = pinning
    }
}
