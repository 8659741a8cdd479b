#if canImport(CCurl)
internal import CCurl
import Graft
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Byte streams on Linux through the system libcurl, the one FoundationNetworking already loads:
/// `CURLOPT_CONNECT_ONLY` connects (TCP, and TLS checked against the system trust store or
/// `TLSOptions.caFile`, with the host's pins from `TLSOptions.pinning` as `CURLOPT_PINNEDPUBLICKEY`),
/// then `curl_easy_send`/`curl_easy_recv` move the bytes. Debian's libcurl 7.88 has no WebSocket
/// support of its own and `URLSessionWebSocketTask` fails on Linux, so the framing is ours.
public struct CurlConnector: ByteStreamConnector {
    /// Creates the connector.
    public init() {}

    public func connect(to endpoint: WebSocketEndpoint, tls: TLSOptions, timeout: Duration) async throws -> any ByteStream {
        // curl_easy_perform blocks while it connects: run it off the cooperative pool.
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<any ByteStream, any Error>) in
            let thread = Thread {
                continuation.resume(with: Result { try CurlByteStream.open(endpoint, tls: tls, timeout: timeout) })
            }
            thread.name = "GraftWebSocket connect"
            thread.start()
        }
    }
}

extension CurlByteStream {
    /// Connects and returns the stream, or throws ``WebSocketError/connectFailed(_:isTrustFailure:)``
    /// (a pin mismatch: a `GraftError` with code `pinningFailed`, which ends the subscriptions).
    static func open(_ endpoint: WebSocketEndpoint, tls: TLSOptions, timeout: Duration) throws -> CurlByteStream {
        guard curlGlobalInitialized, let handle = curl_easy_init() else {
            throw WebSocketError.connectFailed("libcurl could not be initialised", isTrustFailure: false)
        }
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errorBuffer.deallocate() }
        let host = endpoint.host.contains(":") ? "[\(endpoint.host)]" : endpoint.host
        let url = "\(endpoint.usesTLS ? "https" : "http")://\(host):\(endpoint.port)/"
        var ok = graft_curl_setopt_string(handle, CURLOPT_URL, url) == CURLE_OK
        ok = ok && graft_curl_setopt_long(handle, CURLOPT_CONNECT_ONLY, 1) == CURLE_OK
        ok = ok && graft_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1) == CURLE_OK
        // Through an HTTP proxy, tunnel (CONNECT) rather than let the proxy read our bytes as HTTP.
        ok = ok && graft_curl_setopt_long(handle, CURLOPT_HTTPPROXYTUNNEL, 1) == CURLE_OK
        ok = ok && graft_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, max(1, timeout.graftMilliseconds)) == CURLE_OK
        ok = ok && graft_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer) == CURLE_OK
        var pinSet: PinSet?
        if endpoint.usesTLS {
            let (tlsOK, hostPins) = CurlTLS.configure(handle, tls: tls, host: endpoint.host)
            ok = ok && tlsOK
            pinSet = hostPins
        }
        guard ok else {
            curl_easy_cleanup(handle)
            throw WebSocketError.connectFailed("libcurl refused an option (TLS pinning needs an OpenSSL libcurl)", isTrustFailure: false)
        }
        let code = curl_easy_perform(handle)
        guard code == CURLE_OK else {
            let message = CurlTLS.message(code.rawValue, errorBuffer: errorBuffer)
            curl_easy_cleanup(handle)
            if code == CURLE_SSL_PINNEDPUBKEYNOTMATCH, let pinSet, let pinning = tls.pinning {
                throw pinning.failure(host: endpoint.host, port: endpoint.port, pinSet: pinSet, detail: message)
            }
            throw WebSocketError.connectFailed(Self.explain(code, message, endpoint), isTrustFailure: CurlTLS.isTrustFailure(code.rawValue))
        }
        _ = graft_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, nil)
        var socket: curl_socket_t = -1
        guard graft_curl_active_socket(handle, &socket) == CURLE_OK, socket >= 0 else {
            curl_easy_cleanup(handle)
            throw WebSocketError.connectFailed("libcurl gave no socket", isTrustFailure: false)
        }
        return try CurlByteStream(handle: handle, socket: socket)
    }

    private static func explain(_ code: CURLcode, _ message: String, _ endpoint: WebSocketEndpoint) -> String {
        let place = "\(endpoint.host):\(endpoint.port)"
        if code == CURLE_PEER_FAILED_VERIFICATION {
            return "TLS: the certificate of \(place) is not trusted (\(message))"
        }
        return "\(place): \(message)"
    }
}

extension Duration {
    /// Whole milliseconds, for timeouts.
    var graftMilliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
#endif
