#if canImport(Security)
import Foundation
internal import GraftHashing
import Security

/// The certificate check on Apple platforms, shared by `URLSessionHTTPClient`'s trust challenge
/// and the WebSocket's Network.framework handshake: the system trust store (or the CA file's
/// certificates as the only anchors) and the host name, then the SPKI SHA-256 of the leaf key
/// against the host's ``PinSet``. Written against documented Security API; not compiled on the
/// project's Linux machines.
package struct TrustEvaluator: Sendable {
    /// What the check found.
    package enum Outcome: Sendable, Equatable {
        case trusted
        /// The chain or the host name failed.
        case untrusted
        /// The chain is trusted but the leaf key matches none of these pins.
        case pinMismatch(PinSet)
    }

    private let anchors: [Data]
    /// The pins for ``host`` now (nil: not pinned).
    package let pinSet: PinSet?
    private let host: String

    /// An evaluator for `host`; throws when the CA file cannot be read.
    package init(tls: TLSOptions, host: String) throws {
        self.host = host
        pinSet = tls.pinning?.pinSet(for: host)
        guard let caFile = tls.caFile else {
            anchors = []
            return
        }
        guard let pem = FileManager.default.contents(atPath: caFile).map({ String(decoding: $0, as: UTF8.self) }) else {
            throw GraftError(.transport, message: "cannot read the CA file \(caFile)")
        }
        anchors = pem.components(separatedBy: "-----BEGIN CERTIFICATE-----").dropFirst().compactMap { block in
            let body = block.components(separatedBy: "-----END CERTIFICATE-----")[0]
            return Data(base64Encoded: body.filter { !$0.isWhitespace })
        }
    }

    /// Whether the evaluator changes anything over the system's own check.
    package var isCustom: Bool { !anchors.isEmpty || pinSet != nil }

    package func evaluate(_ trust: SecTrust) -> Outcome {
        SecTrustSetPolicies(trust, SecPolicyCreateSSL(true, host as CFString))
        if !anchors.isEmpty {
            let certificates = anchors.compactMap { SecCertificateCreateWithData(nil, $0 as CFData) }
            SecTrustSetAnchorCertificates(trust, certificates as CFArray)
            SecTrustSetAnchorCertificatesOnly(trust, true)
        }
        var error: CFError?
        guard SecTrustEvaluateWithError(trust, &error) else { return .untrusted }
        guard let pinSet else { return .trusted }
        guard let hash = Self.leafKeyHash(of: trust), pinSet.pins.contains(hash) else { return .pinMismatch(pinSet) }
        return .trusted
    }

    /// The base64 SHA-256 of the leaf certificate's SubjectPublicKeyInfo.
    private static func leafKeyHash(of trust: SecTrust) -> String? {
        guard let leaf = leaf(of: trust), let key = SecCertificateCopyKey(leaf),
              let raw = SecKeyCopyExternalRepresentation(key, nil) as Data?,
              let attributes = SecKeyCopyAttributes(key) as? [String: Any],
              let header = spkiHeader(type: attributes[kSecAttrKeyType as String] as? String,
                                      bits: attributes[kSecAttrKeySizeInBits as String] as? Int) else { return nil }
        var hash = SHA256()
        hash.update(header + [UInt8](raw))
        return Data(hash.finalize()).base64EncodedString()
    }

    private static func leaf(of trust: SecTrust) -> SecCertificate? {
        if #available(macOS 12, iOS 15, tvOS 15, watchOS 8, *) {
            return (SecTrustCopyCertificateChain(trust) as? [SecCertificate])?.first
        }
        return SecTrustGetCertificateAtIndex(trust, 0)
    }

    /// The DER prefix that turns the raw key Security.framework exports into a
    /// SubjectPublicKeyInfo (what pins hash), for the key types TLS servers use.
    static func spkiHeader(type: String?, bits: Int?) -> [UInt8]? {
        switch (type, bits) {
        case (kSecAttrKeyTypeRSA as String, 2048?):
            return [0x30, 0x82, 0x01, 0x22, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00, 0x03, 0x82, 0x01, 0x0f, 0x00]
        case (kSecAttrKeyTypeRSA as String, 4096?):
            return [0x30, 0x82, 0x02, 0x22, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00, 0x03, 0x82, 0x02, 0x0f, 0x00]
        case (kSecAttrKeyTypeECSECPrimeRandom as String, 256?):
            return [0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00]
        case (kSecAttrKeyTypeECSECPrimeRandom as String, 384?):
            return [0x30, 0x76, 0x30, 0x10, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x22, 0x03, 0x62, 0x00]
        default:
            return nil
        }
    }
}
#endif
