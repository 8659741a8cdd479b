import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The ``HTTPClient`` that enforces ``TLSOptions`` (a CA file, certificate pins) on this platform:
/// `URLSessionHTTPClient` with a trust-challenge delegate on Apple platforms, ``CurlHTTPClient``
/// on Linux, where URLSession never asks its delegate about trust.
///
/// ```swift
/// let api = try PinSet(host: "api.example.com", pins: [currentKey, backupKey])
/// let http = try PlatformHTTPClient.make(tls: TLSOptions(pinning: try CertificatePinning([api])))
/// let client = GraphQLClient(url: URL(string: "https://api.example.com/graphql")!, base: http)
/// ```
public enum PlatformHTTPClient {
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
