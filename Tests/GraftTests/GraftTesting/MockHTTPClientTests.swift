import Foundation
import Graft
import GraftTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GraftTestSupport
import Testing

@Suite("MockHTTPClient", .timingSensitive)
struct MockHTTPClientTests {
    @Test("stubs match in order, limited stubs run out, requests are recorded with their context")
    func stubsAndRecording() async throws {
        let mock = MockHTTPClient()
        mock.stub(.path("/a") && .method(.post), times: 1, response: .status(201))
        mock.stub(.path("/a") || .path("/b"), response: .json(#"{"n":1}"#))
        #expect(try await mock.send(TestSupport.request("/a", method: .post)).statusCode == 201)
        #expect(try await mock.send(TestSupport.request("/a", method: .post)).statusCode == 200)
        let b = try await mock.send(TestSupport.request("/b"), context: RequestContext(operationName: "B"))
        #expect(b.headers["Content-Type"] == "application/json")
        #expect(b.url?.path == "/b")
        #expect(mock.requests.map(\.url.path) == ["/a", "/a", "/b"])
        #expect(mock.recordedRequests.last?.context.operationName == "B")
        #expect(mock.requests(matching: .operation("B")).count == 1)
        #expect(mock.requests(matching: .method(.post)).count == 2)
    }

    @Test("unmatched requests fail with transport, or go to the fallback handler")
    func unmatched() async throws {
        let strict = MockHTTPClient()
        let error = await #expect(throws: GraftError.self) { try await strict.send(TestSupport.request("/nowhere")) }
        #expect(error?.code == .transport)
        #expect(error?.message.contains("no stub matches GET https://api.example.test/nowhere") == true)

        let lenient = MockHTTPClient { request, _ in .status(418, body: request.url.path) }
        lenient.stub(.header("X-Special"), response: .status(200))
        #expect(try await lenient.send(TestSupport.request("/tea")).statusCode == 418)
        #expect(try await lenient.send(TestSupport.request(headers: ["x-special": "1"])).statusCode == 200)
    }

    @Test("stubbed errors come out as GraftErrors; reset forgets everything")
    func errorsAndReset() async throws {
        let mock = MockHTTPClient()
        mock.stub(.bodyContains("boom"), error: URLError(.timedOut))
        let error = await #expect(throws: GraftError.self) {
            try await mock.send(TestSupport.request(method: .post, body: #"{"boom":true}"#))
        }
        #expect(error?.code == .timedOut)
        mock.reset()
        #expect(mock.requests.isEmpty)
        await #expect(throws: GraftError.self) { try await mock.send(TestSupport.request(method: .post, body: "boom")) }
    }

    @Test("an encoded JSON stub and a delayed stub that honours cancellation")
    func encodingAndDelay() async throws {
        struct Payload: Encodable { let ok: Bool }
        let mock = MockHTTPClient()
        mock.stub(.path("/enc"), response: try .json(encoding: Payload(ok: true), status: 202))
        mock.stub(.path("/slow"), delay: .seconds(10), response: .status(200))
        let encoded = try await mock.send(TestSupport.request("/enc"))
        #expect(encoded.statusCode == 202 && String(decoding: encoded.body, as: UTF8.self) == #"{"ok":true}"#)

        let task = Task { try await mock.send(TestSupport.request("/slow")) }
        while mock.requests.count < 2 { try await Task.sleep(for: .milliseconds(1)) }
        task.cancel()
        let error = await #expect(throws: GraftError.self) { try await task.value }
        #expect(error?.code == .cancelled)
    }

    @Test("a streamed body is read to its end, recorded as sent and matched; a failing reader fails the request")
    func streamedBodies() async throws {
        let mock = MockHTTPClient()
        mock.stub(.bodyContains("needle"), response: .status(204))
        mock.stub(response: .status(200))
        let source = HTTPBodySource.concatenating([.data(Data("hay ".utf8)), .data(Data("needle".utf8))])
        let request = HTTPRequest(method: .post, url: URL(string: "https://api.example.test/up")!, content: .stream(source))
        #expect(try await mock.send(request).statusCode == 204)
        #expect(mock.recordedRequests.first?.sentBody == Data("hay needle".utf8))
        #expect(mock.requests.first?.content == .stream(source))

        final class Failing: HTTPBodyReader {
            func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
                throw GraftError(.transport, message: "disk on fire")
            }
            func close() {}
        }
        let failing = HTTPRequest(method: .post, url: URL(string: "https://api.example.test/up")!,
                                  content: .stream(HTTPBodySource(length: nil) { Failing() }))
        let error = await #expect(throws: GraftError.self) { try await mock.send(failing) }
        #expect(error?.message.contains("disk on fire") == true)
    }
}
