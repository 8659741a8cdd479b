#if canImport(Network) && canImport(Security)
import Foundation
import Graft
import GraftHashing
import Network
import Security

/// Byte streams on Apple platforms through Network.framework (`NWConnection`): TCP, or TLS whose
/// certificate is checked in the TLS handshake's verify block against the system trust store or
/// ``TLSOptions/caFile``, then against ``TLSOptions/pinnedPublicKeyHashes``. A failed check fails
/// the handshake, so nothing is sent. (Not compiled on Linux; see Documentation/Architecture.md for
/// why Network.framework rather than URLSessionWebSocketTask.)
public struct NetworkConnector: ByteStreamConnector {
    /// Creates the connector.
    public init() {}

    public func connect(to endpoint: WebSocketEndpoint, tls: TLSOptions, timeout: Duration) async throws -> any ByteStream {
        let queue = DispatchQueue(label: "GraftWebSocket.NetworkConnector")
        let tcp = NWProtocolTCP.Options()
        tcp.connectionTimeout = max(1, Int(timeout.components.seconds))
        let parameters: NWParameters
        if endpoint.usesTLS {
            let options = NWProtocolTLS.Options()
            let evaluator = try TrustEvaluator(tls: tls, host: endpoint.host)
            sec_protocol_options_set_verify_block(options.securityProtocolOptions, { _, trust, complete in
                complete(evaluator.evaluate(sec_trust_copy_ref(trust).takeRetainedValue()))
            }, queue)
            parameters = NWParameters(tls: options, tcp: tcp)
        } else {
            parameters = NWParameters(tls: nil, tcp: tcp)
        }
        guard let port = NWEndpoint.Port(rawValue: UInt16(clamping: endpoint.port)) else {
            throw WebSocketError.connectFailed("invalid port \(endpoint.port)", isTrustFailure: false)
        }
        let connection = NWConnection(host: NWEndpoint.Host(endpoint.host), port: port, using: parameters)
        let resumed = Locked(false)
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<any ByteStream, any Error>) in
            func finish(_ result: Result<any ByteStream, any Error>) {
                guard resumed.withLock({ done in defer { done = true }; return !done }) else { return }
                continuation.resume(with: result)
            }
            connection.stateUpdateHandler = { state in
                switch state {
                case .ready:
                    finish(.success(NetworkByteStream(connection: connection)))
                case .failed(let error), .waiting(let error):
                    var isTrustFailure = false
                    if case .tls = error { isTrustFailure = true }
                    let place = "\(endpoint.host):\(endpoint.port)"
                    let message = isTrustFailure ? "TLS: the certificate of \(place) is not trusted or matches none of the pinned keys (\(error))"
                                                 : "\(place): \(error)"
                    finish(.failure(WebSocketError.connectFailed(message, isTrustFailure: isTrustFailure)))
                    connection.cancel()
                case .cancelled:
                    finish(.failure(WebSocketError.connectFailed("the connection was cancelled", isTrustFailure: false)))
                default:
                    break
                }
            }
            connection.start(queue: queue)
        }
    }
}

/// An `NWConnection` as a ``ByteStream``. Network.framework keeps sends in call order.
final class NetworkByteStream: ByteStream, @unchecked Sendable {
    private let connection: NWConnection
    private let closed = Locked(false)

    init(connection: NWConnection) {
        self.connection = connection
    }

    func read() async throws -> [UInt8] {
        if closed.withLock({ $0 }) { return [] }
        return try await withCheckedThrowingContinuation { continuation in
            connection.receive(minimumIncompleteLength: 1, maximumLength: 1 << 20) { [closed] data, _, isComplete, error in
                if let data, !data.isEmpty {
                    continuation.resume(returning: [UInt8](data))
                } else if let error, !closed.withLock({ $0 }) {
                    continuation.resume(throwing: WebSocketError.connectionLost("\(error)"))
                } else {
                    _ = isComplete
                    continuation.resume(returning: [])
                }
            }
        }
    }

    func write(_ bytes: [UInt8]) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            connection.send(content: Data(bytes), completion: .contentProcessed { error in
                if let error {
                    continuation.resume(throwing: WebSocketError.connectionLost("sending failed: \(error)"))
                } else {
                    continuation.resume()
                }
            })
        }
    }

    func close() async {
        closed.withLock { $0 = true }
        connection.cancel()
    }
}

/// The certificate check of the TLS handshake: the system trust store (or the CA file's
/// certificates as the only anchors), the host name, then the SPKI SHA-256 pins.
struct TrustEvaluator: Sendable {
    private let anchors: [Data]
    private let pins: Set<String>
    private let host: String

    init(tls: TLSOptions, host: String) throws {
        self.host = host
        pins = Set(tls.bareHashes)
        guard let caFile = tls.caFile else {
            anchors = []
            return
        }
        guard let pem = FileManager.default.contents(atPath: caFile).map({ String(decoding: $0, as: UTF8.self) }) else {
            throw WebSocketError.connectFailed("cannot read the CA file \(caFile)", isTrustFailure: true)
        }
        anchors = pem.components(separatedBy: "-----BEGIN CERTIFICATE-----").dropFirst().compactMap { block in
            let body = block.components(separatedBy: "-----END CERTIFICATE-----")[0]
            return Data(base64Encoded: body.filter { !$0.isWhitespace })
        }
    }

    func evaluate(_ trust: SecTrust) -> Bool {
        SecTrustSetPolicies(trust, SecPolicyCreateSSL(true, host as CFString))
        if !anchors.isEmpty {
            let certificates = anchors.compactMap { SecCertificateCreateWithData(nil, $0 as CFData) }
            SecTrustSetAnchorCertificates(trust, certificates as CFArray)
            SecTrustSetAnchorCertificatesOnly(trust, true)
        }
        var error: CFError?
        guard SecTrustEvaluateWithError(trust, &error) else { return false }
        guard !pins.isEmpty else { return true }
        guard let leaf = Self.leaf(of: trust), let key = SecCertificateCopyKey(leaf),
              let raw = SecKeyCopyExternalRepresentation(key, nil) as Data?,
              let attributes = SecKeyCopyAttributes(key) as? [String: Any],
              let header = Self.spkiHeader(type: attributes[kSecAttrKeyType as String] as? String,
                                           bits: attributes[kSecAttrKeySizeInBits as String] as? Int) else { return false }
        var hash = SHA256()
        hash.update(header + [UInt8](raw))
        return pins.contains(Data(hash.finalize()).base64EncodedString())
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
