import CourseCatalogAPI
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Graft
import GraftHashing
import GraftTestSupport
import Testing

/// File uploads (the GraphQL multipart request specification) against the server, through the
/// generated operations and a `GraphQLClient`: the server reports the size and SHA-256 of what it
/// received, compared with the files'.
@Suite("Uploads against the server", .timingSensitive)
struct UploadIntegrationTests {
    /// A client of `kind` for a fresh server session, with `interceptors` inside the retry interceptor.
    static func client(_ session: TestClient, kind: HTTPClientKind, interceptors: [any HTTPInterceptor] = []) -> GraphQLClient {
        let http = InterceptingHTTPClient(base: kind.make(defaultTimeout: .seconds(120)), interceptors: [
            RetryInterceptor(policy: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10))),
            HeaderInjectionInterceptor(["X-Test-Session": session.session]),
        ] + interceptors)
        return GraphQLClient(transport: HTTPTransport(url: session.baseURL.appendingPathComponent("graphql"), client: http))
    }

    static let options = RequestOptions(timeout: .seconds(120), throwsOnGraphQLErrors: true)

    /// A new temporary folder, removed by the caller.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("graft-upload-it-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `count` random bytes to `name` in `folder` (from /dev/urandom, a megabyte at a time)
    /// and returns the file's URL and SHA-256 (hexadecimal): from GraftHashing up to 8 MB, from
    /// coreutils' `sha256sum` past that (GraftHashing unoptimized, as tests build it, takes minutes
    /// for 200 MB).
    static func randomFile(_ name: String, bytes count: Int, in folder: URL) throws -> (URL, String) {
        let url = folder.appendingPathComponent(name)
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        let output = try FileHandle(forWritingTo: url)
        defer { try? output.close() }
        let random = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/urandom"))
        defer { try? random.close() }
        var hash = SHA256()
        var left = count
        while left > 0 {
            let chunk = try #require(try random.read(upToCount: min(left, 1 << 20)))
            if count <= 8 << 20 { hash.update(chunk) }
            try output.write(contentsOf: chunk)
            left -= chunk.count
        }
        guard count > 8 << 20 else { return (url, hash.finalize().map { String(format: "%02x", $0) }.joined()) }
        return (url, try sha256sum(url))
    }

    /// The SHA-256 of a file by `sha256sum`.
    static func sha256sum(_ url: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sha256sum", url.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let digest = String(decoding: data, as: UTF8.self).prefix(64)
        guard process.terminationStatus == 0, digest.count == 64 else {
            throw GraftError(.transport, message: "sha256sum failed for \(url.path)")
        }
        return String(digest)
    }

    @Test("a single Upload: the server receives the file byte for byte, with its name and type", arguments: HTTPClientKind.allCases)
    func singleUpload(kind: HTTPClientKind) async throws {
        let session = try await TestClient.make()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, sha) = try Self.randomFile("photo.jpg", bytes: 3_000_001, in: folder)
        let file = GraphQLFile(fileURL: url, filename: "résumé \"final\" 😀.jpg", mimeType: "image/jpeg")
        let result = try await Self.client(session, kind: kind).perform(UploadFileMutation(file: file), options: Self.options)
        let uploaded = try #require(result.data?.uploadFile)
        #expect(uploaded.size == 3_000_001)
        #expect(uploaded.sha256 == sha)
        // A quote is percent-encoded as browsers do (servers do not decode it); the rest is UTF-8.
        #expect(uploaded.filename == "résumé %22final%22 😀.jpg")
        #expect(uploaded.mimeType == "image/jpeg")
    }

    @Test("a list of files, one given twice: sent once, received in both places", arguments: HTTPClientKind.allCases)
    func listOfFiles(kind: HTTPClientKind) async throws {
        let session = try await TestClient.make()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, sha) = try Self.randomFile("a.bin", bytes: 200_000, in: folder)
        let onDisk = GraphQLFile(fileURL: url)
        let text = Data("plain text, in memory\n".utf8)
        let inMemory = GraphQLFile(data: text, filename: "b.txt", mimeType: "text/plain")
        let empty = GraphQLFile(data: Data(), filename: "empty.txt", mimeType: "text/plain")
        let result = try await Self.client(session, kind: kind).perform(UploadFilesMutation(files: [onDisk, inMemory, onDisk, empty]),
                                                            options: Self.options)
        let files = try #require(result.data?.uploadFiles)
        #expect(files.map(\.filename) == ["a.bin", "b.txt", "a.bin", "empty.txt"])
        #expect(files.map(\.size) == [200_000, text.count, 200_000, 0])
        #expect(files.map(\.sha256) == [sha, SHA256.hex(text), sha, SHA256.hex([UInt8]())])
    }

    @Test("a file inside an input object", arguments: HTTPClientKind.allCases)
    func fileInInputObject(kind: HTTPClientKind) async throws {
        let session = try await TestClient.make()
        let bytes = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let input = LessonAttachmentInput(lessonId: "lesson-1", caption: "Slides",
                                          file: GraphQLFile(data: bytes, filename: "slides.pdf", mimeType: "application/pdf"))
        let result = try await Self.client(session, kind: kind).perform(AttachToLessonMutation(input: input), options: Self.options)
        let attachment = try #require(result.data?.attachToLesson)
        #expect(attachment.lessonId == "lesson-1")
        #expect(attachment.caption == "Slides")
        #expect(attachment.file.size == bytes.count)
        #expect(attachment.file.sha256 == SHA256.hex(bytes))
        #expect(attachment.file.mimeType == "application/pdf")
    }

    @Test("files in a list, and in an input object as a file, an optional file and a list: each arrives where it was put",
          arguments: HTTPClientKind.allCases)
    func filesEverywhere(kind: HTTPClientKind) async throws {
        let session = try await TestClient.make()
        let main = GraphQLFile(data: Data("main".utf8), filename: "main.txt", mimeType: "text/plain")
        let picture = GraphQLFile(data: Data((0..<5_000).map { UInt8(truncatingIfNeeded: $0) }), filename: "thumb.png", mimeType: "image/png")
        let extra = GraphQLFile(data: Data("extra".utf8), filename: "extra.txt", mimeType: "text/plain")
        let input = LessonAttachmentInput(lessonId: "lesson-1", file: main, thumbnail: .some(picture), extraFiles: .some([extra, main]))
        let result = try await Self.client(session, kind: kind).perform(AttachFilesToLessonMutation(input: input, files: [picture, extra]),
                                                            options: Self.options)
        let data = try #require(result.data)
        #expect(data.attachToLesson.file.filename == "main.txt")
        #expect(data.attachToLesson.thumbnail?.filename == "thumb.png")
        #expect(data.attachToLesson.extraFiles.map(\.filename) == ["extra.txt", "main.txt"])
        #expect(data.uploadFiles.map(\.filename) == ["thumb.png", "extra.txt"])
        // Without the optional ones, the server sees none.
        let bare = try await Self.client(session, kind: kind).perform(
            AttachFilesToLessonMutation(input: LessonAttachmentInput(lessonId: "lesson-1", file: main), files: []), options: Self.options)
        #expect(bare.data?.attachToLesson.thumbnail == nil)
        #expect(bare.data?.attachToLesson.extraFiles.isEmpty == true)
    }

    @Test("through a temporary file, as on Apple platforms: the same bytes arrive and the file is removed")
    func spooledUpload() async throws {
        let session = try await TestClient.make()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, sha) = try Self.randomFile("spooled.bin", bytes: 2_000_000, in: folder)
        let spools = { () -> Set<String> in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)) ?? []
            return Set(names.filter { $0.hasPrefix("graft-upload-") && !$0.hasPrefix("graft-upload-it-") })
        }
        let before = spools()
        let http = InterceptingHTTPClient(base: URLSessionHTTPClient(spoolsStreamedBodies: true),
                                          interceptors: [HeaderInjectionInterceptor(["X-Test-Session": session.session])])
        let client = GraphQLClient(transport: HTTPTransport(url: session.baseURL.appendingPathComponent("graphql"), client: http))
        let result = try await client.perform(UploadFileMutation(file: GraphQLFile(fileURL: url)), options: Self.options)
        #expect(result.data?.uploadFile.sha256 == sha)
        #expect(result.data?.uploadFile.size == 2_000_000)
        #expect(spools().subtracting(before).isEmpty)
    }

    @Test("a retried upload reads the file again from its start", arguments: HTTPClientKind.allCases)
    func retryRereadsTheFile(kind: HTTPClientKind) async throws {
        let session = try await TestClient.make()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, sha) = try Self.randomFile("retry.bin", bytes: 1_500_000, in: folder)
        let client = Self.client(session, kind: kind, interceptors: [HeaderInjectionInterceptor(["X-Test-Fail": "503;times=1"])])
        var options = Self.options
        options.retriesMutation = true
        let result = try await client.perform(UploadFileMutation(file: GraphQLFile(fileURL: url)), options: options)
        #expect(result.data?.uploadFile.sha256 == sha)
        #expect(result.data?.uploadFile.size == 1_500_000)
        let stats = try await session.stats()
        #expect(stats["operations"]["UploadFile"].int == 2)
        #expect(stats["injectedFailures"]["503"].int == 1)
    }

    @Test("the server refuses a multipart POST without the CSRF preflight headers the client sends")
    func preflightHeadersAreNeeded() async throws {
        let session = try await TestClient.make()
        let request = GraphQLRequest(UploadFileMutation(file: GraphQLFile(data: Data("x".utf8), filename: "x.txt")))
        let body = GraphQLMultipartBody(request)
        let bytes = try body.makeSource().collect()
        let plain = session.request("/graphql", method: "POST", headers: ["Content-Type": body.contentType], body: bytes)
        let (_, refused) = try await session.send(plain)
        #expect(refused.statusCode == 400)
        let preflighted = session.request("/graphql", method: "POST",
                                          headers: ["Content-Type": body.contentType, "Apollo-Require-Preflight": "true"], body: bytes)
        let (data, accepted) = try await session.send(preflighted)
        #expect(accepted.statusCode == 200)
        #expect(try JSON(data: data)["data"]["uploadFile"]["sha256"].string == SHA256.hex(Array("x".utf8)))
    }

    @Test("a file that changes size while it is sent fails the request with a clear error", arguments: HTTPClientKind.allCases)
    func fileChangingSize(kind: HTTPClientKind) async throws {
        let session = try await TestClient.make()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, _) = try Self.randomFile("shrinks.bin", bytes: 100_000, in: folder)
        let body = GraphQLMultipartBody(GraphQLRequest(UploadFileMutation(file: GraphQLFile(fileURL: url))))
        let httpRequest = HTTPRequest(method: .post, url: session.baseURL.appendingPathComponent("graphql"),
                                      headers: ["X-Test-Session": session.session, "Content-Type": body.contentType,
                                                "Apollo-Require-Preflight": "true"],
                                      content: .stream(try body.makeSource()))
        try Data(count: 10).write(to: url)
        let error = await #expect(throws: GraftError.self) {
            _ = try await kind.make().send(httpRequest, context: RequestContext())
        }
        #expect(error?.message.contains("changed size") == true, "\(String(describing: error))")
    }
}

/// The 200 MB upload: its own suite, run alone among the gated tests (it keeps a core busy for a
/// while: 200 MB from /dev/urandom, `sha256sum`, the server parsing and hashing the upload), so
/// neither it nor the tests that wait on clocks disturb each other.
@Suite("Large upload against the server", .loadsTheMachine)
struct LargeUploadIntegrationTests {
    @Test("a 200 MB upload: resident memory rises by less than 32 MB; the server gets every byte", arguments: HTTPClientKind.allCases)
    func largeUploadIsStreamed(kind: HTTPClientKind) async throws {
        let session = try await TestClient.make()
        let folder = try UploadIntegrationTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let size = 200 * 1024 * 1024
        let clock = ContinuousClock()
        var start = clock.now
        let (url, sha) = try UploadIntegrationTests.randomFile("large.bin", bytes: size, in: folder)
        print("large upload: file written and hashed in \(clock.now - start)")
        // The checksum itself is right: GraftHashing agrees with sha256sum on a smaller file.
        let (small, smallSHA) = try UploadIntegrationTests.randomFile("small.bin", bytes: 1_000_003, in: folder)
        #expect(try UploadIntegrationTests.sha256sum(small) == smallSHA)
        start = clock.now
        let result = try await GraftExecutable.run([session.baseURL.appendingPathComponent("graphql").absoluteString,
                                                    session.session, url.path, kind.rawValue], executable: "graft-upload-helper")
        #expect(result.status == 0, "\(result.standardError)")
        print("large upload: helper ran in \(clock.now - start)")
        let report = try JSON(data: Data(result.standardOutput.utf8))
        #expect(report["size"].int == size)
        #expect(report["sha256"].string == sha)
        let baseline = try #require(report["baselineKB"].int)
        let peak = try #require(report["peakKB"].int)
        print("large upload (\(kind.rawValue)): resident memory \(baseline) kB before, \(peak) kB at the peak (+\((peak - baseline) / 1024) MB); "
              + "high-water mark reset: \(report["hwmReset"].bool ?? false)")
        #expect(peak - baseline < 32 * 1024, "resident memory rose by \(peak - baseline) kB")
    }
}
