import Foundation
import Graft
import Testing

/// The two ``HTTPClient``s Graft ships: the suites that take one as an argument run every test with
/// each, so the libcurl client is held to everything the URLSession one does.
enum HTTPClientKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case urlSession
    case curl

    /// The kind suites use when a test does not take one: libcurl, unless `GRAFT_HTTP_CLIENT=urlSession
    /// swift test --filter IntegrationTests` runs every such test over URLSession instead. In the full
    /// test run, with many tests' connections opened and closed at once in one process,
    /// FoundationNetworking's URLSession now and then left one request unanswered until its
    /// 300-second timeout (two tests, each failing that way more than once; never over libcurl, never
    /// in a run of the integration suites alone). That matches open reports against Linux's
    /// URLSession and libdispatch: concurrent requests timing out (swift-corelibs-foundation #3287),
    /// a reused socket descriptor's readiness events going to a stale source
    /// (swift-corelibs-libdispatch #833). The suites that take a kind still run every test with both.
    static let `default`: HTTPClientKind = ProcessInfo.processInfo.environment["GRAFT_HTTP_CLIENT"].flatMap(HTTPClientKind.init(rawValue:)) ?? .curl

    /// A new client of this kind; `tls` only for the libcurl one (URLSession on Linux cannot use it).
    func make(defaultTimeout: Duration? = .seconds(300), tls: TLSOptions = TLSOptions(),
              responseBodyLimit: Int = 64 << 20) -> any HTTPClient {
        switch self {
        case .urlSession: URLSessionHTTPClient(defaultTimeout: defaultTimeout, responseBodyLimit: responseBodyLimit)
        case .curl: CurlHTTPClient(tls: tls, defaultTimeout: defaultTimeout, responseBodyLimit: responseBodyLimit)
        }
    }

    var testDescription: String { rawValue }
}
