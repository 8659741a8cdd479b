#if canImport(CCurl)
internal import CCurl
import Foundation

/// curl_global_init, once per process (FoundationNetworking may have called it too; it counts).
package let curlGlobalInitialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

/// The TLS settings of a libcurl handle, one place for ``CurlHTTPClient`` and the WebSocket
/// connector: peer and host verification on, the CA file, and the host's pins as
/// `CURLOPT_PINNEDPUBLICKEY` (checked in the handshake, before anything is sent).
package enum CurlTLS {
    /// Applies `tls` for a connection to `host`; returns the pin set enforced (nil: not pinned), or
    /// nil in `ok` when libcurl refused an option (a libcurl built without pinning support).
    package static func configure(_ handle: UnsafeMutableRawPointer, tls: TLSOptions, host: String) -> (ok: Bool, pinSet: PinSet?) {
        var ok = graft_curl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1) == CURLE_OK
        ok = ok && graft_curl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2) == CURLE_OK
        if let caFile = tls.caFile {
            ok = ok && graft_curl_setopt_string(handle, CURLOPT_CAINFO, caFile) == CURLE_OK
        }
        let pinSet = tls.pinning?.pinSet(for: host)
        if let pinSet {
            ok = ok && graft_curl_setopt_string(handle, CURLOPT_PINNEDPUBLICKEY, pinSet.curlPinnedPublicKey) == CURLE_OK
        }
        return (ok, pinSet)
    }

    // The two below take a `CURLcode`'s raw value: no libcurl type in a signature other modules
    // see, so that Graft imports CCurl `internal` and its module interfaces never name it.

    /// Whether libcurl's result `code` is a certificate or pin failure, which retrying cannot fix.
    package static func isTrustFailure(_ code: UInt32) -> Bool {
        let code = CURLcode(rawValue: code)
        return code == CURLE_PEER_FAILED_VERIFICATION || code == CURLE_SSL_PINNEDPUBKEYNOTMATCH || code == CURLE_SSL_CACERT_BADFILE
    }

    /// libcurl's explanation of a failed call with result `code`: the handle's error buffer, else
    /// the code's text.
    package static func message(_ code: UInt32, errorBuffer: UnsafePointer<CChar>) -> String {
        let detail = String(cString: errorBuffer)
        return detail.isEmpty ? String(cString: curl_easy_strerror(CURLcode(rawValue: code))) : detail
    }
}
#endif
