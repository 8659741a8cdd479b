import Foundation

/// The public keys one host (and optionally its subdomains) may present, by the SHA-256 of their
/// SubjectPublicKeyInfo in base64, the `sha256//<base64>` form libcurl and TrustKit use: the key
/// the server has now and at least one backup (a key kept offline for the next certificate), so a
/// certificate rotation never locks the app out. After ``expires`` the host is not pinned (an app
/// that was not updated keeps working on the plain trust store rather than failing for ever).
///
/// ```swift
/// let api = try PinSet(host: "api.example.com", includesSubdomains: true,
///                      pins: ["sha256//r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=",   // current key
///                             "sha256//YLh1dUR9y6Kja30RrAn7JKnbQG/uEtLMkBgFF2Fuihg="],  // backup key
///                      expires: ISO8601DateFormatter().date(from: "2027-06-01T00:00:00Z"))
/// ```
///
/// A pin is computed from a certificate with `openssl x509 -in cert.pem -pubkey -noout | openssl
/// pkey -pubin -outform der | openssl dgst -sha256 -binary | base64` (or from a key: `openssl pkey
/// -in key.pem -pubout -outform der | ...`).
public struct PinSet: Sendable, Hashable {
    /// The host name, lowercased, without a trailing dot.
    public let host: String
    /// Whether every subdomain of ``host`` is pinned too (`*.host` at any depth); a pin set for
    /// the subdomain itself takes precedence.
    public let includesSubdomains: Bool
    /// The accepted hashes, base64 without the `sha256//` prefix, at least two and distinct.
    public let pins: [String]
    /// When the pins stop applying; nil: never.
    public let expires: Date?

    /// Creates a pin set, checking it: a host, at least two distinct pins (the key in use and a
    /// backup), each the base64 of 32 bytes with or without `sha256//`.
    public init(host: String, includesSubdomains: Bool = false, pins: [String], expires: Date? = nil) throws {
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        guard !name.isEmpty, !name.contains("/"), !name.contains(" ") else {
            throw PinningConfigurationError("a pin set needs a host name, not \"\(host)\"")
        }
        var bare: [String] = []
        for pin in pins {
            let hash = pin.hasPrefix("sha256//") ? String(pin.dropFirst(8)) : pin
            guard let bytes = Data(base64Encoded: hash), bytes.count == 32 else {
                throw PinningConfigurationError("the pin \"\(pin)\" for \(name) is not the base64 of a SHA-256 hash (sha256//<44 characters>)")
            }
            if !bare.contains(hash) { bare.append(hash) }
        }
        guard bare.count >= 2 else {
            throw PinningConfigurationError("\(name) has \(bare.count) distinct pin\(bare.count == 1 ? "" : "s"); pin at least two keys "
                                            + "(the one in use and a backup) so that a new certificate does not lock the app out")
        }
        self.host = name
        self.includesSubdomains = includesSubdomains
        self.pins = bare
        self.expires = expires
    }

    /// Whether the set applies to `host` (lowercased): the host itself, or a subdomain when
    /// ``includesSubdomains``.
    func covers(_ host: String) -> Bool {
        host == self.host || includesSubdomains && host.hasSuffix("." + self.host)
    }

    /// The pins in libcurl's `CURLOPT_PINNEDPUBLICKEY` form: `sha256//a;sha256//b`.
    package var curlPinnedPublicKey: String {
        pins.map { "sha256//\($0)" }.joined(separator: ";")
    }
}

/// A pin set or pinning configuration that cannot be used (fewer than two pins, a malformed pin,
/// a host pinned twice). Thrown when the configuration is made, never by a request.
public struct PinningConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
