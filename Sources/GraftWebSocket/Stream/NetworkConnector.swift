#if canImport(Network) && canImport(Security)
import Foundation
import Graft
import Network
import Security

/// Byte streams on Apple platforms through Network.framework (`NWConnection`): TCP, or TLS whose
/// certificate is checked in the TLS handshake's verify block against the system trust store or
/// `TLSOptions.caFile`, then against the host's pins (`TLSOptions.pinning`; Graft's `TrustEvaluator`).
/// A failed check fails the handshake, so nothing is sent; a pin mismatch ends with a `GraftError`
/// whose code is `pinningFailed`. (Not compiled on Linux; see Documentation/Architecture.md for
/// why Network.framework rather than URLSessionWebSocketTask.)
public struct NetworkConnector: ByteStreamConnector {
    /// Creates the connector.
    public init() {}

    public func connect(to endpoint: WebSocketEndpoint, tls: TLSOptions, timeout: Duration) async throws -> any ByteStream {
        let queue = DispatchQueue(label: "GraftWebSocket.NetworkConnector")
        let mismatch = Locked<PinSet?>(nil)
        let tcp = NWProtocolTCP.Options()
        tcp.connectionTimeout = max(1, Int(timeout.components.seconds))
        let parameters: NWParameters
        if endpoint.usesTLS {
            let options = NWProtocolTLS.Options()
            let evaluator = try TrustEvaluator(tls: tls, host: endpoint.host)
            sec_protocol_options_set_verify_block(options.securityProtocolOptions, { _, trust, complete in
                let outcome = evaluator.evaluate(sec_trust_copy_ref(trust).takeRetainedValue())
                if case .pinMismatch(let pinSet) = outcome { mismatch.withLock { $0 = pinSet } }
                complete(outcome == .trusted)
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
                    if let pinSet = mismatch.withLock({ found in defer { found = nil }; return found }), let pinning = tls.pinning {
                        finish(.failure(pinning.failure(host: endpoint.host, port: endpoint.port, pinSet: pinSet, detail: "\(error)")))
                        connection.cancel()
                        return
                    }
                    let message = isTrustFailure ? "TLS: the certificate of \(place) is not trusted (\(error))"
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

#endif
