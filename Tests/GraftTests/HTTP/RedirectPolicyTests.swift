import Foundation
@testable import Graft
import Testing

/// How each redirect hop's request is made (CurlHTTPClient follows redirects itself, hop by hop).
@Suite struct RedirectPolicyTests {
    static let post = HTTPRequest(method: .post, url: URL(string: "https://api.example.com/graphql")!,
                                  headers: ["Content-Type": "application/json", "Authorization": "Bearer t0k3n", "X-Trace": "1"],
                                  body: Data("{}".utf8))

    static func next(_ status: Int, _ location: String, _ policy: RedirectPolicy = .follow, hops: Int = 0,
                     from request: HTTPRequest = post) throws -> HTTPRequest? {
        try policy.next(after: request, statusCode: status, headers: ["Location": location], hops: hops)
    }

    @Test func temporaryAndPermanentRedirectsKeepMethodBodyAndSameOriginCredentials() throws {
        for status in [307, 308] {
            let next = try #require(try Self.next(status, "/v2/graphql"))
            #expect(next.url.absoluteString == "https://api.example.com/v2/graphql")
            #expect(next.method == .post && next.body == Data("{}".utf8))
            #expect(next.headers["Authorization"] == "Bearer t0k3n" && next.headers["Content-Type"] == "application/json")
        }
    }

    @Test func seeOtherAndPostAfter301Or302BecomeGETWithoutBody() throws {
        for status in [301, 302, 303] {
            let next = try #require(try Self.next(status, "https://api.example.com/result"))
            #expect(next.method == .get && next.body == nil)
            #expect(next.headers["Content-Type"] == nil && next.headers["X-Trace"] == "1")
        }
        let put = HTTPRequest(method: .put, url: URL(string: "https://api.example.com/x")!, body: Data("1".utf8))
        #expect(try Self.next(302, "/y", from: put)?.method == .put)
        #expect(try Self.next(303, "/y", from: put)?.method == .get)
    }

    @Test func anotherOriginLosesCredentials() throws {
        let next = try #require(try Self.next(307, "https://cdn.example.net/graphql"))
        #expect(next.headers["Authorization"] == nil && next.headers["X-Trace"] == "1")
        #expect(try Self.next(307, "https://api.example.com:8443/graphql")?.headers["Authorization"] == nil)
    }

    /// Headers the redactor calls secret (an API key, a session, a configured name) carry
    /// credentials as much as `Authorization` does: they do not follow the request to another origin.
    @Test func anotherOriginLosesEveryHeaderTheRedactorCallsSecret() throws {
        let request = HTTPRequest(method: .get, url: URL(string: "https://api.example.com/v1/items")!,
                                  headers: ["X-Api-Key": "key-111", "X-Session-Id": "s-222", "X-Tenant-Seal": "seal-333",
                                            "Accept": "application/json"])
        let redactor = Redactor(secretHeaders: ["X-Tenant-Seal"])
        let other = try #require(try RedirectPolicy.follow.next(after: request, statusCode: 302,
                                                                headers: ["Location": "https://cdn.example.net/items"], hops: 0,
                                                                redactor: redactor))
        #expect(other.headers["X-Api-Key"] == nil && other.headers["X-Session-Id"] == nil && other.headers["X-Tenant-Seal"] == nil)
        #expect(other.headers["Accept"] == "application/json")
        // The same origin keeps them.
        let same = try #require(try RedirectPolicy.follow.next(after: request, statusCode: 302, headers: ["Location": "/v2/items"],
                                                               hops: 0, redactor: redactor))
        #expect(same.headers["X-Api-Key"] == "key-111" && same.headers["X-Tenant-Seal"] == "seal-333")
    }

    @Test func downgradesLimitsAndNonRedirectsAreHandled() throws {
        let downgrade = #expect(throws: GraftError.self) { try Self.next(302, "http://api.example.com/graphql") }
        #expect(downgrade?.code == .insecureTransport)
        #expect(try Self.next(302, "http://api.example.com/x", RedirectPolicy(allowsDowngrade: true))?.url.scheme == "http")
        let tooMany = #expect(throws: GraftError.self) { try Self.next(302, "/again", hops: 10) }
        #expect(tooMany?.urlErrorCode == .httpTooManyRedirects)
        #expect(try Self.next(302, "/x", .none) == nil)
        #expect(try Self.next(304, "/x") == nil)
        #expect(try Self.next(200, "/x") == nil)
        #expect(try Self.next(302, "ftp://files.example.com/x") == nil)
    }
}
