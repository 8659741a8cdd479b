import Foundation
import Graft
import GraftTestSupport
import Testing

/// The client the runtime uses when given none (`GraphQLClient(url:)`, `HTTPTransport`):
/// libcurl's on Linux, where FoundationNetworking's URLSession hung until its timeout when a server
/// closed a reused connection without answering, and sent the POST again with an empty body.
@Suite("The platform's HTTP client", .timingSensitive)
struct PlatformHTTPClientTests {
    @Test("on Linux it is libcurl's")
    func linuxUsesLibcurl() {
        #if os(Linux)
        #expect(PlatformHTTPClient.make() is CurlHTTPClient)
        #expect(HTTPTransport(url: URL(string: "http://127.0.0.1/graphql")!).client is CurlHTTPClient)
        #endif
    }

    @Test("a reused connection closed without an answer fails with transport, not a timeout, and no body is lost")
    func droppedReusedConnection() async throws {
        let server = try await FaultServer.start()
        defer { server.stop() }
        // The bound only stops a hang: the failure comes as soon as the connection closes.
        let client = PlatformHTTPClient.make(defaultTimeout: .seconds(300))
        let url = { (path: String) in URL(string: "http://127.0.0.1:\(server.port)\(path)")! }
        let echo = try await client.send(HTTPRequest(method: .post, url: url("/http/echo"), body: Data("{}".utf8)))
        #expect(echo.statusCode == 200)
        let body = #"{"query":"mutation { touch }"}"#
        let error = await #expect(throws: GraftError.self) {
            try await client.send(HTTPRequest(method: .post, url: url("/http/drop"), headers: ["Content-Type": "application/json"],
                                              body: Data(body.utf8)))
        }
        #expect(error?.code == .transport, "\(String(describing: error))")
        let stats = try await server.stats()
        #expect(stats["httpConnections"].int ?? 0 >= 1)
        let bodies = stats["droppedBodies"].array?.compactMap(\.string) ?? []
        #expect(!bodies.isEmpty && bodies.allSatisfy { $0 == body }, "\(bodies)")
    }
}
