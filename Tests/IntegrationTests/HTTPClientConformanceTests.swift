import Foundation
import Graft
import GraftTestSupport
import Testing

/// What every HTTP client does, each test with both (URLSession and libcurl), against the fault
/// server's `/http/` routes, which echo the request they received: methods, headers, bodies,
/// response headers, redirects, streaming, and cancellation closing the connection.
@Suite("HTTP clients against the echo server", .timingSensitive)
struct HTTPClientConformanceTests {
    static func url(_ server: FaultServer, _ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(server.port)\(path)")!
    }

    @Test("each method arrives with its headers and body", arguments: HTTPClientKind.allCases)
    func methods(kind: HTTPClientKind) async throws {
        let server = try await FaultServer.start()
        defer { server.stop() }
        let client = kind.make()
        for method: HTTPMethod in [.get, .post, .put, .patch, .delete, .options] {
            let body = method == .get || method == .options ? nil : Data("body of \(method)".utf8)
            let request = HTTPRequest(method: method, url: Self.url(server, "/http/echo?n=\(method)"),
                                      headers: ["X-Probe": "p-\(method)", "Content-Type": "text/plain"], body: body)
            let response = try await client.send(request)
            #expect(response.statusCode == 200)
            #expect(response.headers["Content-Type"] == "application/json")
            let echo = try JSON(data: response.body)
            #expect(echo["method"].string == method.rawValue)
            #expect(echo["query"].string == "n=\(method)")
            #expect(echo["headers"]["x-probe"].string == "p-\(method)")
            #expect(echo["body"].string == body.map { String(decoding: $0, as: UTF8.self) } ?? "")
        }
        let head = try await client.send(HTTPRequest(method: .head, url: Self.url(server, "/http/echo")))
        #expect(head.statusCode == 200 && head.body.isEmpty)
        #expect(try await server.stats()["httpRequests"].int == 7)
    }

    @Test("307 repeats the method and body; 303 turns a POST into a GET; the final URL is reported",
          arguments: HTTPClientKind.allCases)
    func redirects(kind: HTTPClientKind) async throws {
        let server = try await FaultServer.start()
        defer { server.stop() }
        let client = kind.make()
        let post = { (status: Int) in
            HTTPRequest(method: .post, url: Self.url(server, "/http/redirect?status=\(status)&to=/http/echo"),
                        headers: ["Content-Type": "application/json"], body: Data(#"{"n":1}"#.utf8))
        }
        let kept = try await client.send(post(307))
        #expect(kept.statusCode == 200)
        #expect(kept.url?.path == "/http/echo")
        #expect(try JSON(data: kept.body)["method"].string == "POST")
        let keptBody = try JSON(data: kept.body)["body"].string
        if kind == .urlSession {
            // FoundationNetworking repeats the method but not the body (RFC 9110, 15.4.8: both).
            withKnownIssue("URLSession on Linux drops the body when it follows a 307") {
                #expect(keptBody == #"{"n":1}"#)
            }
        } else {
            #expect(keptBody == #"{"n":1}"#)
        }
        let seeOther = try await client.send(post(303))
        #expect(try JSON(data: seeOther.body)["method"].string == "GET")
        #expect(try JSON(data: seeOther.body)["body"].string == "")
        #expect(try await server.stats()["httpRequests"].int == 4)
    }

    @Test("a streamed response carries the same bytes as a whole one", arguments: HTTPClientKind.allCases)
    func streamed(kind: HTTPClientKind) async throws {
        let server = try await FaultServer.start()
        defer { server.stop() }
        let client = kind.make()
        let request = HTTPRequest(method: .post, url: Self.url(server, "/http/echo"), body: Data(String(repeating: "x", count: 100_000).utf8))
        let whole = try await client.send(request)
        let streaming = try await client.stream(request, context: RequestContext())
        #expect(streaming.statusCode == 200)
        #expect(streaming.headers["Content-Type"] == "application/json")
        #expect(try await streaming.body.collect() == whole.body)
        #expect(try JSON(data: whole.body)["body"].string?.count == 100_000)
    }

    @Test("cancelling the task stops the transfer: the server sees the connection close", arguments: HTTPClientKind.allCases)
    func cancelledSendCloses(kind: HTTPClientKind) async throws {
        let server = try await FaultServer.start()
        defer { server.stop() }
        let client = kind.make()
        let task = Task { try await client.send(HTTPRequest(url: Self.url(server, "/http/hold"))) }
        try await StrawberryWebSocketTests.eventually { try await server.stats()["httpHeld"].int == 1 }
        task.cancel()
        let error = await #expect(throws: GraftError.self) { try await task.value }
        #expect(error?.code == .cancelled)
        try await StrawberryWebSocketTests.eventually { try await server.stats()["httpHeldClosed"].int == 1 }
    }

    @Test("a streamed body arrives before the response ends, and cancelling it closes the connection",
          arguments: HTTPClientKind.allCases)
    func cancelledStreamCloses(kind: HTTPClientKind) async throws {
        let server = try await FaultServer.start()
        defer { server.stop() }
        let response = try await kind.make().stream(HTTPRequest(url: Self.url(server, "/http/hold")), context: RequestContext())
        var iterator = response.body.makeAsyncIterator()
        #expect(try await iterator.next() == Data("first".utf8))
        #expect(try await server.stats()["httpHeldClosed"].int == 0)
        response.body.cancel()
        try await StrawberryWebSocketTests.eventually { try await server.stats()["httpHeldClosed"].int == 1 }
    }

    @Test("a whole response over the client's body limit fails with an error that names it, declared or chunked",
          arguments: HTTPClientKind.allCases)
    func bodyOverTheDefaultLimit(kind: HTTPClientKind) async throws {
        let server = try await FaultServer.start()
        defer { server.stop() }
        let client = kind.make()
        let limit = 64 << 20
        let exact = try await client.send(HTTPRequest(url: Self.url(server, "/http/bytes?count=\(limit)")))
        #expect(exact.body.count == limit)
        for chunked in ["0", "1"] {
            let url = Self.url(server, "/http/bytes?count=\(limit + 1)&chunked=\(chunked)")
            let error = await #expect(throws: GraftError.self) { try await client.send(HTTPRequest(url: url)) }
            #expect(error?.code == .transport)
            #expect(error?.message.contains("the response body is larger than 67108864 bytes") == true, "\(String(describing: error))")
        }
    }

    /// The server sends the endless body at 16 MiB/s at most. FoundationNetworking hands the bytes
    /// to the session's delegate through a queue that does not slow the connection down, so what
    /// it reads past the limit before the cancel lands grows with how far the delegate lags.
    /// Unpaced, this test alone with both cores taken read up to 612 MB past its 1 MiB limit, and a
    /// run of the whole suite on a busy host ended with the test process at 15 GB resident and the
    /// tests beside it past their timeouts. Paced, it is at most 16 MiB per second of lag.
    @Test("a body with no end stops at the configured limit: the server sees the connection close",
          arguments: HTTPClientKind.allCases)
    func endlessBodyStopsAtTheLimit(kind: HTTPClientKind) async throws {
        let server = try await FaultServer.start()
        defer { server.stop() }
        let client = kind.make(responseBodyLimit: 1 << 20)
        let url = Self.url(server, "/http/bytes?count=\(1 << 40)&chunked=1&rate=\(16 << 20)")
        let error = await #expect(throws: GraftError.self) { try await client.send(HTTPRequest(url: url)) }
        #expect(error?.statusCode == 200)
        #expect(error?.message.contains("the response body is larger than 1048576 bytes; raise") == true, "\(String(describing: error))")
        try await StrawberryWebSocketTests.eventually { try await server.stats()["httpBytesStopped"].int == 1 }
        // The same client streams a body past its limit.
        let streamed = try await client.stream(HTTPRequest(url: Self.url(server, "/http/bytes?count=\(3 << 20)")), context: RequestContext())
        #expect(try await streamed.body.collect().count == 3 << 20)
    }
}
