import Foundation
import Graft
import GraftTestSupport
import GraftWebSocket
import Testing

/// `wss://` through libcurl against the fault server's TLS port, with a throwaway certificate made
/// by the `openssl` CLI for this test run: trusted through its CA file and pinned, a wrong pin, and
/// an untrusted certificate. Failures happen before anything is sent.
@Suite("WebSocket over TLS", .timingSensitive)
struct TLSWebSocketTests {
    @Test("wss:// with the certificate's CA file and the right pin works")
    func rightPin() async throws {
        let certificate = try await ThrowawayCertificate.shared()
        let server = try await FaultServer.start(certificate: certificate)
        defer { server.stop() }
        let (client, _) = FaultServerWebSocketTests.client(server.tlsURL("total=3")) {
            $0.tls = TLSOptions(caFile: certificate.certificatePath, pinning: try! CertificatePinning([
                PinSet(host: "127.0.0.1", pins: [certificate.pin, PinningIntegrationTests.randomPin()]),
            ]))
        }
        let (values, error) = await FaultServerWebSocketTests.values(client)
        #expect(error == nil)
        #expect(values == [1, 2, 3])
        let stats = try await server.stats()
        #expect(stats["tlsConnections"].int == 1)
        #expect(stats["tlsBytes"].int ?? 0 > 0)
    }

    @Test("a wrong pin fails with pinningFailed naming the host, and nothing is sent")
    func wrongPin() async throws {
        let certificate = try await ThrowawayCertificate.shared()
        let server = try await FaultServer.start(certificate: certificate)
        defer { server.stop() }
        let otherKey = try ThrowawayCertificate.make().pin
        let reports = Locked<[PinningFailure]>([])
        let pinning = try CertificatePinning([PinSet(host: "127.0.0.1", pins: ["sha256//" + otherKey, PinningIntegrationTests.randomPin()])]) {
            failure in reports.withLock { $0.append(failure) }
        }
        let (client, _) = FaultServerWebSocketTests.client(server.tlsURL("total=3")) {
            $0.tls = TLSOptions(caFile: certificate.certificatePath, pinning: pinning)
        }
        let (values, error) = await FaultServerWebSocketTests.values(client)
        #expect(values.isEmpty)
        let graftError = try #require(error as? GraftError)
        #expect(graftError.code == .pinningFailed)
        #expect(graftError.message.contains("the public key of 127.0.0.1:\(server.tlsPort) matches none of its 2 pinned keys"), "\(graftError.message)")
        #expect(reports.withLock { $0.map(\.host) } == ["127.0.0.1"])
        let stats = try await server.stats()
        #expect(stats["tlsBytes"].int == 0)
        #expect(stats["connections"].int == 0)
    }

    @Test("an untrusted certificate fails with a clear error, and nothing is sent")
    func untrusted() async throws {
        let certificate = try await ThrowawayCertificate.shared()
        let server = try await FaultServer.start(certificate: certificate)
        defer { server.stop() }
        let (client, _) = FaultServerWebSocketTests.client(server.tlsURL("total=3"))
        let (values, error) = await FaultServerWebSocketTests.values(client)
        #expect(values.isEmpty)
        let graftError = try #require(error as? GraftError)
        #expect(graftError.code == .transport)
        #expect(graftError.message.contains("is not trusted"), "\(graftError.message)")
        let stats = try await server.stats()
        #expect(stats["tlsBytes"].int == 0)
        #expect(stats["connections"].int == 0)
    }
}
