import Foundation

/// Which hosts are pinned to which public keys (``PinSet``s), and who hears about a failure.
///
/// A connection to a pinned host whose certificate chain is trusted but whose leaf key matches
/// none of the host's pins fails in the TLS handshake, before any byte of the request is sent,
/// with ``GraftError/Code/pinningFailed`` naming the host; ``onFailure`` is called first. Hosts
/// without a pin set, and hosts whose set has expired, are checked against the trust store only.
///
/// ```swift
/// let pinning = try CertificatePinning([api], onFailure: { failure in
///     analytics.record("pinning failed for \(failure.host)")
/// })
/// let http = try PlatformHTTPClient.make(tls: TLSOptions(pinning: pinning))   // URLSession on Apple, libcurl on Linux
/// let client = GraphQLClient(url: endpoint, base: http)
/// ```
public struct CertificatePinning: Sendable {
    /// Called (on a networking thread) for each connection refused because of a pin mismatch.
    public typealias FailureHandler = @Sendable (PinningFailure) -> Void

    /// The pin sets, one per host.
    public let pinSets: [PinSet]
    /// The report hook.
    public let onFailure: FailureHandler?

    /// Creates a configuration; a host with two pin sets is a configuration error.
    public init(_ pinSets: [PinSet], onFailure: FailureHandler? = nil) throws {
        var seen: Set<String> = []
        for set in pinSets where !seen.insert(set.host).inserted {
            throw PinningConfigurationError("\(set.host) has more than one pin set")
        }
        self.pinSets = pinSets
        self.onFailure = onFailure
    }

    /// The pin set that applies to `host` at `date`: the host's own, else that of the closest
    /// parent domain including subdomains; nil when none applies or the one that would has expired
    /// (then the host is not pinned).
    public func pinSet(for host: String, at date: Date = Date()) -> PinSet? {
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        let match = pinSets.filter { $0.covers(name) }.max { $0.host.count < $1.host.count }
        guard let match else { return nil }
        if let expires = match.expires, date >= expires { return nil }
        return match
    }

    /// Tells ``onFailure`` and returns the error requests fail with.
    package func failure(host: String, port: Int?, pinSet: PinSet, detail: String) -> GraftError {
        onFailure?(PinningFailure(host: host, port: port, pinSet: pinSet, date: Date()))
        let place = port.map { "\(host):\($0)" } ?? host
        return GraftError(.pinningFailed,
                          message: "the public key of \(place) matches none of its \(pinSet.pins.count) pinned keys; nothing was sent (\(detail))")
    }
}

/// A connection refused because the server's key matched none of the host's pins.
public struct PinningFailure: Sendable, Hashable {
    /// The host connected to.
    public let host: String
    /// The port, when known.
    public let port: Int?
    /// The pin set the key was checked against.
    public let pinSet: PinSet
    /// When it happened.
    public let date: Date
}
