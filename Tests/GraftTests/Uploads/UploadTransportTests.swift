import Foundation
import Testing
@testable import Graft
import CourseCatalogAPI
import GraftTesting

/// Uploads through `HTTPTransport` and the interceptors, against a mock client: the request's
/// shape, persisted queries, retries (which re-read the body), logs and summaries.
@Suite struct UploadTransportTests {
    typealias Fixtures = UploadFixtures
    static let url = URL(string: "https://api.example.com/graphql")!
    static let ok = HTTPResponse.json(#"{"data":{"uploadFiles":[]}}"#)

    static func request(_ file: GraphQLFile, kind: OperationKind = .mutation) -> GraphQLRequest {
        var request = GraphQLRequest(AttachFilesToLessonMutation(input: .init(lessonId: "lesson-1", file: file), files: []))
        request.operationKind = kind
        return request
    }

    static let file = GraphQLFile(data: Data("file contents 1234".utf8), filename: "notes.txt", mimeType: "text/plain")

    /// The `operations` JSON of a multipart body (the first part).
    static func operations(_ body: Data, boundary: String) throws -> JSONValue {
        let text = String(decoding: body, as: UTF8.self)
        let start = try #require(text.range(of: "name=\"operations\"\r\n\r\n"))
        let end = try #require(text.range(of: "\r\n--\(boundary)", range: start.upperBound..<text.endIndex))
        return try JSONParser.parse(Array(text[start.upperBound..<end.lowerBound].utf8))
    }

    static func boundary(_ request: HTTPRequest) throws -> String {
        let type = try #require(request.headers["Content-Type"])
        return String(try #require(type.split(separator: "=").last))
    }

    @Test func aRequestWithFilesIsAStreamedMultipartPOSTWithThePreflightHeaders() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: Self.ok)
        // Even a query with files goes as POST: a file cannot travel in a URL.
        let transport = HTTPTransport(url: Self.url, client: mock, usesGETForQueries: true)
        _ = try await transport.execute(Self.request(Self.file, kind: .query), options: RequestOptions())
        let recorded = try #require(mock.recordedRequests.first)
        let sent = recorded.request
        #expect(sent.method == .post)
        guard case .stream(let source)? = sent.content else { Issue.record("not streamed"); return }
        #expect(sent.body == nil)
        #expect(sent.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=graft-") == true)
        #expect(sent.headers["Apollo-Require-Preflight"] == "true")
        #expect(sent.headers["X-Apollo-Operation-Name"] == "AttachFilesToLesson")
        let body = try #require(recorded.sentBody)
        #expect(source.length == Int64(body.count))
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.contains("filename=\"notes.txt\"\r\nContent-Type: text/plain\r\n\r\nfile contents 1234\r\n"))
        #expect(text.contains(#"{"0":["variables.input.file"]}"#))
        let operations = try Self.operations(body, boundary: Self.boundary(sent))
        #expect(operations.objectValue?["variables"] == ["input": ["lessonId": "lesson-1", "file": nil], "files": []])
    }

    @Test func automaticPersistedQueriesSendTheDocumentWithTheHashAtOnce() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: Self.ok)
        let transport = HTTPTransport(url: Self.url, client: mock, persistedQueries: .automatic)
        _ = try await transport.execute(Self.request(Self.file), options: RequestOptions())
        #expect(mock.requests.count == 1)
        let recorded = try #require(mock.recordedRequests.first)
        let operations = try Self.operations(try #require(recorded.sentBody), boundary: Self.boundary(recorded.request))
        let fields = try #require(operations.objectValue)
        #expect(fields["query"]?.stringValue == AttachFilesToLessonMutation.document.definition)
        #expect(fields["extensions"]?.objectValue?["persistedQuery"] != nil)
    }

    @Test func identifierOnlyPersistedQueriesSendTheIdentifierWithTheFiles() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: Self.ok)
        let transport = HTTPTransport(url: Self.url, client: mock, persistedQueries: .identifierOnly)
        _ = try await transport.execute(Self.request(Self.file), options: RequestOptions())
        let recorded = try #require(mock.recordedRequests.first)
        let operations = try Self.operations(try #require(recorded.sentBody), boundary: Self.boundary(recorded.request))
        #expect(operations.objectValue?["query"] == nil)
        let identifier = try #require(AttachFilesToLessonMutation.document.operationIdentifier)
        #expect(operations.objectValue?["extensions"] == ["persistedQuery": ["version": 1, "sha256Hash": .string(identifier)]])
    }

    @Test func aRetryReadsTheFileAgainFromItsStart() async throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = (0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let url = try Fixtures.write(bytes, named: "big.bin", in: folder)
        let mock = MockHTTPClient()
        mock.stub(times: 1, response: .status(503))
        mock.stub(response: Self.ok)
        let client = InterceptingHTTPClient(base: mock, interceptors: [
            RetryInterceptor(policy: RetryPolicy(maxAttempts: 2, baseDelay: .zero), sleep: { _ in }),
        ])
        let transport = HTTPTransport(url: Self.url, client: client)
        var options = RequestOptions()
        options.retriesMutation = true
        _ = try await transport.execute(Self.request(GraphQLFile(fileURL: url)), options: options)
        let bodies = mock.recordedRequests.compactMap(\.sentBody)
        #expect(bodies.count == 2)
        #expect(bodies[0] == bodies[1])
        #expect(bodies[0].range(of: Data(bytes)) != nil)
    }

    @Test func withoutOptingInAnUploadIsNotRetried() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: .status(503))
        let client = InterceptingHTTPClient(base: mock, interceptors: [
            RetryInterceptor(policy: RetryPolicy(maxAttempts: 3, baseDelay: .zero), sleep: { _ in }),
        ])
        let transport = HTTPTransport(url: Self.url, client: client)
        await #expect(throws: GraftError.self) {
            _ = try await transport.execute(Self.request(Self.file), options: RequestOptions())
        }
        #expect(mock.requests.count == 1)
    }

    @Test func logsShowTheStreamedBodysSizeNeverItsContents() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: Self.ok)
        let sink = RecordingLogSink()
        let client = InterceptingHTTPClient(base: mock, interceptors: [LoggingInterceptor(sink: sink)])
        let secretFile = GraphQLFile(data: Data("TOP-SECRET-CONTENTS".utf8), filename: "x.bin")
        _ = try await HTTPTransport(url: Self.url, client: client).execute(Self.request(secretFile), options: RequestOptions())
        let length = try #require(mock.requests.first?.content?.length)
        #expect(sink.text.contains("body: <streamed, \(length) bytes (multipart/form-data, 1 file)>"))
        #expect(!sink.text.contains("TOP-SECRET"))
        #expect(!sink.text.contains("x.bin"))
    }

    @Test func summariesAndDescriptionsGiveTheSizeNeverTheContents() throws {
        let source = try GraphQLMultipartBody(operations: [:], uploads: [GraphQLUpload(path: "variables.f", file: Self.file)],
                                              boundary: "B").makeSource()
        let request = HTTPRequest(method: .post, url: Self.url, content: .stream(source))
        let summary = RequestSummary(request)
        #expect(summary.bodyIsStreamed)
        #expect(summary.bodyLength == source.length)
        #expect(summary.description == "POST https://api.example.com/graphql (streamed body, \(source.length!) bytes)")
        #expect(request.debugDescription.contains("body: streamed, \(source.length!) bytes (multipart/form-data, 1 file)"))
        #expect(!request.debugDescription.contains("file contents"))
        // A copy is the same request; another source with the same bytes is not.
        #expect(request == request)
        let other = try GraphQLMultipartBody(operations: [:], uploads: [GraphQLUpload(path: "variables.f", file: Self.file)],
                                             boundary: "B").makeSource()
        #expect(HTTPRequest(method: .post, url: Self.url, content: .stream(other)) != request)
        // A data body still reads and writes through `body`.
        var plain = HTTPRequest(method: .post, url: Self.url, body: Data("x".utf8))
        #expect(plain.content == .data(Data("x".utf8)))
        plain.body = nil
        #expect(plain.content == nil)
    }

    @Test func aFileThatCannotBeReadFailsTheRequestBeforeAnythingIsSent() async throws {
        let mock = MockHTTPClient()
        mock.stub(response: Self.ok)
        let missing = GraphQLFile(fileURL: URL(fileURLWithPath: "/nonexistent/graft/upload.bin"))
        await #expect { _ = try await HTTPTransport(url: Self.url, client: mock).execute(Self.request(missing), options: RequestOptions()) }
            throws: { error in
                (error as? GraftError)?.code == .transport && (error as? GraftError)?.message.contains("upload.bin") == true
            }
        #expect(mock.requests.isEmpty)
    }
}
