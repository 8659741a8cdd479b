import Foundation
import Graft
import GraftTesting
import Testing

/// The HTTPS guard: plain `http://` only to loopback hosts and the allowed ones, refused before
/// anything is sent; HTTPS responses without security headers reported when asked.
@Suite struct HTTPSGuardInterceptorTests {
    static func send(_ url: String, _ guardInterceptor: HTTPSGuardInterceptor = HTTPSGuardInterceptor(),
                     headers: HTTPHeaders = [:]) async throws -> (result: Result<Int, GraftError>, sent: Int) {
        let base = MockHTTPClient { _, _ in HTTPResponse(statusCode: 200, headers: headers, body: Data("{}".utf8)) }
        let client = InterceptingHTTPClient(base: base, interceptors: [guardInterceptor])
        do {
            let response = try await client.send(HTTPRequest(method: .get, url: try #require(URL(string: url))),
                                                  context: RequestContext())
            return (.success(response.statusCode), base.requests.count)
        } catch let error as GraftError {
            return (.failure(error), base.requests.count)
        }
    }

    @Test func plainHTTPToANetworkHostIsRefusedBeforeAnythingIsSent() async throws {
        let (result, sent) = try await Self.send("http://api.example.com/graphql?token=t0k3n")
        #expect(sent == 0)
        guard case .failure(let error) = result else {
            Issue.record("the request went out")
            return
        }
        #expect(error.code == .insecureTransport)
        #expect(error.message.contains("plain http to api.example.com"))
        #expect(error.message.contains("HTTPSGuardInterceptor(allowing:)"))
        #expect(error.request?.url.contains("t0k3n") == false)
        let (other, otherSent) = try await Self.send("ftp://files.example.com/x")
        #expect(otherSent == 0)
        if case .failure(let refused) = other { #expect(refused.code == .insecureTransport) } else { Issue.record("ftp went out") }
    }

    @Test(arguments: ["http://127.0.0.1:8080/graphql", "http://localhost/graphql", "http://127.1.2.3/x",
                      "http://[::1]:9000/graphql", "http://app.localhost/x", "https://api.example.com/graphql"])
    func loopbackAndHTTPSPass(_ url: String) async throws {
        let (result, sent) = try await Self.send(url)
        #expect(sent == 1)
        #expect((try? result.get()) == 200)
    }

    @Test func allowedHostsPassAndLookAlikesDoNot() async throws {
        let allowing = HTTPSGuardInterceptor(allowing: ["Intranet.Example"])
        #expect(try await Self.send("http://intranet.example/graphql", allowing).sent == 1)
        #expect(try await Self.send("http://intranet.example.evil.com/graphql", allowing).sent == 0)
        #expect(try await Self.send("http://127.0.0.1.evil.com/graphql").sent == 0)
    }

    @Test func missingSecurityHeadersAreReported() async throws {
        let reports = Locked<[[String]]>([])
        let reporting = HTTPSGuardInterceptor { _, missing in reports.withLock { $0.append(missing) } }
        _ = try await Self.send("https://api.example.com/graphql", reporting)
        _ = try await Self.send("https://api.example.com/graphql", reporting,
                                headers: ["Strict-Transport-Security": "max-age=63072000", "X-Content-Type-Options": "nosniff"])
        #expect(reports.withLock { $0 } == [["Strict-Transport-Security", "X-Content-Type-Options"]])
    }
}
