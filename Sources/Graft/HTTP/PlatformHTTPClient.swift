import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The ``HTTPClient`` of this platform: `URLSessionHTTPClient` on Apple platforms, ``CurlHTTPClient``
/// on Linux. `GraphQLClient(url:)` and ``HTTPTransport`` use it when given no client; `make(tls:)`
/// enforces ``TLSOptions`` (a CA file, certificate pins), through a trust-challenge delegate on
/// Apple platforms and through libcurl on Linux, where URLSession never asks its delegate about trust.
///
/// ```swift
/// let api = try PinSet(host: "api.example.com", pins: [currentKey, backupKey])
/// let http = try PlatformHTTPClient.make(tls: TLSOptions(pinning: try CertificatePinning([api])))
/// let client = GraphQLClient(url: URL(string: "https://api.example.com/graphql")!, base: http)
/// ```
public enum PlatformHTTPClient {
    /// This platform's client with the system's trust. On Linux it is libcurl's: FoundationNetworking's
    /// URLSession there has been seen to leave a request unanswered until its timeout when many
    /// run at once, to hang when a server closes a reused connection without answering (and send
    /// the POST again with an empty body), and to drop the body when it follows a 307, none of
    /// which ``CurlHTTPClient`` does. Elsewhere without libcurl, `URLSessionHTTPClient`.
    public static func make(defaultTimeout: Duration? = .seconds(60), redactor: Redactor = .default,
                            responseBodyLimit: Int = 64 << 20) -> any HTTPClient {
        #if canImport(Security) || !canImport(CCurl)
        return URLSessionHTTPClient(defaultTimeout: defaultTimeout, redactor: redactor, responseBodyLimit: responseBodyLimit)
        #else
        return CurlHTTPClient(defaultTimeout: defaultTimeout, redactor: redactor, responseBodyLimit: responseBodyLimit)
        #endif
    }

    /// A client checking servers as `tls` says; throws where no client can (a platform with
    /// neither Security.framework nor libcurl), rather than return one that would not pin.
    public static func make(tls: TLSOptions, defaultTimeout: Duration? = .seconds(60), redactor: Redactor = .default) throws -> any HTTPClient {
        #if canImport(Security)
        return URLSessionHTTPClient(tls: tls, defaultTimeout: defaultTimeout, redactor: redactor)
        #elseif canImport(CCurl)
        return CurlHTTPClient(tls: tls, defaultTimeout: defaultTimeout, redactor: redactor)
        #else
        throw GraftError(.transport, message: "no HTTP client enforces TLSOptions (CA file, pins) on this platform")
        #endif
    }
}
