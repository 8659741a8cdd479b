import Foundation
import Graft
import Testing

/// The two ``HTTPClient``s Graft ships: the suites that take one as an argument run every test with
/// each, so the libcurl client is held to everything the URLSession one does.
enum HTTPClientKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case urlSession
    case curl

    /// The kind suites use when a test does not take one: `GRAFT_HTTP_CLIENT=curl swift test
    /// --filter IntegrationTests` runs every such test over libcurl too; URLSession otherwise.
    static let `default`: HTTPClientKind = ProcessInfo.processInfo.environment["GRAFT_HTTP_CLIENT"].flatMap(HTTPClientKind.init(rawValue:)) ?? .urlSession

    /// A new client of this kind; `tls` only for the libcurl one (URLSession on Linux cannot use it).
    func make(defaultTimeout: Duration? = .seconds(300), tls: TLSOptions = TLSOptions()) -> any HTTPClient {
        switch self {
        case .urlSession: URLSessionHTTPClient(defaultTimeout: defaultTimeout)
        case .curl: CurlHTTPClient(tls: tls, defaultTimeout: defaultTimeout)
        }
    }

    var testDescription: String { rawValue }
}
