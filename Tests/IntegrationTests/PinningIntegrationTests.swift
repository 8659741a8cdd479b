import Foundation
import Graft
import GraftTestSupport
import Testing

/// Certificate pinning through the libcurl client against the fault server's HTTPS port, with a
/// throwaway certificate made by `openssl` for this test run (its pin computed from its key): the
/// server counts requests and TLS bytes, so "nothing was sent" is checked, not assumed.
@Suite("Certificate pinning over HTTPS", .timingSensitive)
struct PinningIntegrationTests {
    /// A well-formed pin of no key.
    static func randomPin() -> String {
        "sha256//" + Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
    }

    /// A libcurl client trusting the certificate's CA file and pinning 127.0.0.1 to `pins`.
    static func client(_ certificate: ThrowawayCertificate, pins: [String], expires: Date? = nil,
                       reports: Locked<[PinningFailure]> = Locked([])) throws -> CurlHTTPClient {
        let pinning = try CertificatePinning([PinSet(host: "127.0.0.1", pins: pins, expires: expires)]) { failure in
            reports.withLock { $0.append(failure) }
        }
        return CurlHTTPClient(tls: TLSOptions(caFile: certificate.certificatePath, pinning: pinning), defaultTimeout: .seconds(20))
    }

    static func echo(_ server: FaultServer) -> HTTPRequest {
        HTTPRequest(method: .post, url: URL(string: "https://127.0.0.1:\(server.tlsPort)/http/echo?q=1")!,
                    headers: ["Content-Type": "application/json", "X-Probe": "pinned"], body: Data(#"{"hello":"pinned"}"#.utf8))
    }

    @Test("the right pin (with its backup): 200, and the request arrived whole")
    func rightPin() async throws {
        let certificate = try await ThrowawayCertificate.shared()
        let server = try await FaultServer.start(certificate: certificate)
        defer { server.stop() }
        let client = try Self.client(certificate, pins: ["sha256//" + certificate.pin, Self.randomPin()])
        let response = try await client.send(Self.echo(server))
        #expect(response.statusCode == 200)
        let echo = try JSON(data: response.body)
        #expect(echo["method"].string == "POST")
        #expect(echo["query"].string == "q=1")
        #expect(echo["body"].string == #"{"hello":"pinned"}"#)
        #expect(echo["headers"]["x-probe"].string == "pinned")
        #expect(try await server.stats()["httpRequests"].int == 1)
    }

    @Test("a wrong pin fails with pinningFailed naming the host, the report hook hears, the server receives nothing")
    func wrongPin() async throws {
        let certificate = try await ThrowawayCertificate.shared()
        let server = try await FaultServer.start(certificate: certificate)
        defer { server.stop() }
        let reports = Locked<[PinningFailure]>([])
        let client = try Self.client(certificate, pins: [Self.randomPin(), Self.randomPin()], reports: reports)
        let sent = await #expect(throws: GraftError.self) { try await client.send(Self.echo(server)) }
        #expect(sent?.code == .pinningFailed)
        #expect(sent?.message.contains("127.0.0.1:\(server.tlsPort)") == true, "\(sent?.message ?? "")")
        #expect(sent?.message.contains("nothing was sent") == true)
        let streamed = await #expect(throws: GraftError.self) { try await client.stream(Self.echo(server), context: RequestContext()) }
        #expect(streamed?.code == .pinningFailed)
        #expect(reports.withLock { $0.map(\.host) } == ["127.0.0.1", "127.0.0.1"])
        #expect(reports.withLock { $0.first?.port } == server.tlsPort)
        let stats = try await server.stats()
        #expect(stats["tlsConnections"].int == 2)
        #expect(stats["httpRequests"].int == 0)
        #expect(stats["tlsBytes"].int == 0)
    }

    @Test("an expired pin set is not enforced: the CA file alone decides, as documented")
    func expiredPinSet() async throws {
        let certificate = try await ThrowawayCertificate.shared()
        let server = try await FaultServer.start(certificate: certificate)
        defer { server.stop() }
        let reports = Locked<[PinningFailure]>([])
        let client = try Self.client(certificate, pins: [Self.randomPin(), Self.randomPin()],
                                     expires: Date(timeIntervalSinceNow: -60), reports: reports)
        #expect(try await client.send(Self.echo(server)).statusCode == 200)
        #expect(reports.withLock { $0.isEmpty })
        #expect(try await server.stats()["httpRequests"].int == 1)
    }

    @Test("a server presenting the backup key passes: the backup pin alone matches")
    func backupPin() async throws {
        let certificate = try await ThrowawayCertificate.shared()
        let server = try await FaultServer.start(certificate: certificate)
        defer { server.stop() }
        let client = try Self.client(certificate, pins: [Self.randomPin(), "sha256//" + certificate.pin])
        #expect(try await client.send(Self.echo(server)).statusCode == 200)
    }

    @Test("a certificate the client does not trust fails as a transport error before anything is sent")
    func untrusted() async throws {
        let certificate = try await ThrowawayCertificate.shared()
        let server = try await FaultServer.start(certificate: certificate)
        defer { server.stop() }
        let error = await #expect(throws: GraftError.self) { try await CurlHTTPClient().send(Self.echo(server)) }
        #expect(error?.code == .transport)
        #expect(error?.urlErrorCode == .serverCertificateUntrusted)
        #expect(error?.message.contains("is not trusted") == true, "\(error?.message ?? "")")
        #expect(try await server.stats()["httpRequests"].int == 0)
    }

    @Test("requests to a pinned host reuse one TLS connection (keep-alive)")
    func keepAlive() async throws {
        let certificate = try await ThrowawayCertificate.shared()
        let server = try await FaultServer.start(certificate: certificate)
        defer { server.stop() }
        let client = try Self.client(certificate, pins: ["sha256//" + certificate.pin, Self.randomPin()])
        for _ in 0..<3 { #expect(try await client.send(Self.echo(server)).statusCode == 200) }
        let stats = try await server.stats()
        #expect(stats["httpRequests"].int == 3)
        #expect(stats["tlsConnections"].int == 1)
    }

    @Test("a redirect to a pinned host is checked against that host's pins: pinningFailed, nothing sent there")
    func redirectToPinnedHost() async throws {
        let certificate = try await ThrowawayCertificate.shared()
        let server = try await FaultServer.start(certificate: certificate)
        defer { server.stop() }
        let client = try Self.client(certificate, pins: [Self.randomPin(), Self.randomPin()])
        let target = "https://127.0.0.1:\(server.tlsPort)/http/echo"
        let request = HTTPRequest(url: URL(string: "http://127.0.0.1:\(server.port)/http/redirect?status=302&to=\(target)")!)
        let error = await #expect(throws: GraftError.self) { try await client.send(request) }
        #expect(error?.code == .pinningFailed)
        let stats = try await server.stats()
        #expect(stats["httpRequests"].int == 1)
        #expect(stats["tlsBytes"].int == 0)
    }

    @Test("the OfflineAndTrust article's pinning example builds (its pins are well-formed)")
    func readmeExample() throws {
        let (_, socket) = try ReadmeRuntimeExample.pinning(endpoint: URL(string: "https://api.example.com/graphql")!,
                                                           tokens: TokenRefreshCoordinator(token: nil) { _, _ in "t" })
        #expect(socket.tls.pinning?.pinSet(for: "eu.api.example.com")?.pins.count == 2)
    }
}
