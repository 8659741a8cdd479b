import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GraftTestSupport

/// One process of Tests/WebSocketFaultServer/fault_server.py (Python standard library only) on
/// 127.0.0.1, for one test: its own counters, optionally a TLS port with a given certificate.
/// It exits when the test process's pipe to it closes, even after a crash.
final class FaultServer: @unchecked Sendable {
    let port: Int
    let tlsPort: Int
    private let process: Process
    private let stdinPipe: Pipe

    private init(process: Process, stdinPipe: Pipe, port: Int, tlsPort: Int) {
        self.process = process
        self.stdinPipe = stdinPipe
        self.port = port
        self.tlsPort = tlsPort
    }

    /// Starts a server; with `certificate`, also a TLS port serving it.
    static func start(certificate: ThrowawayCertificate? = nil) async throws -> FaultServer {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try launch(certificate: certificate) }) }
            thread.start()
        }
    }

    private static func launch(certificate: ThrowawayCertificate?) throws -> FaultServer {
        let script = TestServer.packageRoot.appendingPathComponent("Tests/WebSocketFaultServer/fault_server.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", script.path, "--exit-on-stdin-eof"]
            + (certificate.map { ["--tls-cert", $0.certificatePath, "--tls-key", $0.keyPath] } ?? [])
        let stdinPipe = Pipe(), stdoutPipe = Pipe()
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = stdoutPipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let fields = String(decoding: line, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        var ports: [String: Int] = [:]
        for field in fields {
            let parts = field.split(separator: "=")
            if parts.count == 2 { ports[String(parts[0])] = Int(parts[1]) }
        }
        guard let port = ports["PORT"], let tlsPort = ports["TLSPORT"] else {
            process.terminate()
            throw FaultServerError("the fault server did not start: \(String(decoding: line, as: UTF8.self))")
        }
        return FaultServer(process: process, stdinPipe: stdinPipe, port: port, tlsPort: tlsPort)
    }

    /// `ws://127.0.0.1:<port>/graphql?<query>`.
    func url(_ query: String = "") -> URL {
        URL(string: "ws://127.0.0.1:\(port)/graphql" + (query.isEmpty ? "" : "?\(query)"))!
    }

    /// `wss://127.0.0.1:<tlsPort>/graphql?<query>`.
    func tlsURL(_ query: String = "") -> URL {
        URL(string: "wss://127.0.0.1:\(tlsPort)/graphql" + (query.isEmpty ? "" : "?\(query)"))!
    }

    /// The server's counters.
    func stats() async throws -> JSON {
        let (data, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/stats")!)
        return try JSON(data: data)
    }

    /// Ends the process.
    func stop() {
        try? stdinPipe.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
    }

    deinit { stop() }
}

struct FaultServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A self-signed certificate for 127.0.0.1 made with the `openssl` CLI in a temporary folder for
/// this test process (never committed), and the base64 SHA-256 of its public key (the pin).
struct ThrowawayCertificate: Sendable {
    let certificatePath: String
    let keyPath: String
    let pin: String

    /// The certificate of this test process, made on first use.
    static func shared() async throws -> ThrowawayCertificate {
        try await Maker.shared.certificate()
    }

    /// Makes a new certificate (a different key each time).
    static func make() throws -> ThrowawayCertificate {
        let folder = try TestFolders.make("graft-tls")
        let certificate = folder.appendingPathComponent("cert.pem").path, key = folder.appendingPathComponent("key.pem").path
        try shell("openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout '\(key)' -out '\(certificate)' "
                  + "-days 2 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 2>/dev/null")
        let pin = try shell("openssl x509 -in '\(certificate)' -pubkey -noout | openssl pkey -pubin -outform der "
                            + "| openssl dgst -sha256 -binary | base64")
        return ThrowawayCertificate(certificatePath: certificate, keyPath: key, pin: pin.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @discardableResult
    private static func shell(_ command: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "set -o pipefail; " + command]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw FaultServerError("`\(command)` failed") }
        return String(decoding: data, as: UTF8.self)
    }

    private actor Maker {
        static let shared = Maker()
        private var made: ThrowawayCertificate?

        func certificate() throws -> ThrowawayCertificate {
            if let made { return made }
            let certificate = try ThrowawayCertificate.make()
            made = certificate
            return certificate
        }
    }
}
