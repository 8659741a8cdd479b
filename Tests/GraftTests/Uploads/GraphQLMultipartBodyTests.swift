import Foundation
import Testing
@testable import Graft
import CourseCatalogAPI
import GraftTesting

/// The GraphQL multipart request body: parts, map, paths, escaping, and reading it in chunks.
@Suite struct GraphQLMultipartBodyTests {
    typealias Fixtures = UploadFixtures

    static func text(_ source: HTTPBodySource) throws -> String {
        String(decoding: try source.collect(), as: UTF8.self)
    }

    @Test func oneFileMakesTheThreePartsInOrder() throws {
        let file = GraphQLFile(data: Data("hello".utf8), filename: "a.txt", mimeType: "text/plain")
        let request = GraphQLRequest(operationName: "Up", operationKind: .mutation,
                                     document: OperationDocument(definition: "mutation Up($f: Upload!) { up(f: $f) }"),
                                     variables: ["f": nil], uploads: [GraphQLUpload(path: "variables.f", file: file)])
        let body = GraphQLMultipartBody(request, boundary: "B")
        #expect(body.contentType == "multipart/form-data; boundary=B")
        let expected = "--B\r\nContent-Disposition: form-data; name=\"operations\"\r\n\r\n"
            + #"{"operationName":"Up","query":"mutation Up($f: Upload!) { up(f: $f) }","variables":{"f":null}}"#
            + "\r\n--B\r\nContent-Disposition: form-data; name=\"map\"\r\n\r\n"
            + #"{"0":["variables.f"]}"#
            + "\r\n--B\r\nContent-Disposition: form-data; name=\"0\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\n"
            + "hello\r\n--B--\r\n"
        let source = try body.makeSource()
        #expect(try Self.text(source) == expected)
        #expect(source.length == Int64(expected.utf8.count))
        #expect(source.label == "multipart/form-data, 1 file")
    }

    @Test func filesAreFoundInInputObjectsListsAndNullables() throws {
        let a = GraphQLFile(data: Data("a".utf8), filename: "a")
        let b = GraphQLFile(data: Data("b".utf8), filename: "b")
        let c = GraphQLFile(data: Data("c".utf8), filename: "c")
        let input = LessonAttachmentInput(lessonId: "lesson-1", caption: "hi", file: a, thumbnail: .some(b), extraFiles: .some([b, c]))
        let request = GraphQLRequest(AttachFilesToLessonMutation(input: input, files: [c, a]))
        #expect(request.uploads.map(\.path) == ["variables.files.0", "variables.files.1", "variables.input.extraFiles.0",
                                                "variables.input.extraFiles.1", "variables.input.file", "variables.input.thumbnail"])
        #expect(request.variables == ["input": ["lessonId": "lesson-1", "caption": "hi", "file": nil, "thumbnail": nil, "extraFiles": [nil, nil]],
                                      "files": [nil, nil]])
        let body = GraphQLMultipartBody(request, boundary: "B")
        // Each distinct file once, in order of first appearance, with every path it fills.
        #expect(body.files.map(\.filename) == ["c", "a", "b"])
        #expect(body.mapJSON == #"{"0":["variables.files.0","variables.input.extraFiles.1"],"1":["variables.files.1","variables.input.file"],"2":["variables.input.extraFiles.0","variables.input.thumbnail"]}"#)
    }

    @Test func anAbsentNullableFileIsNeitherSentNorMapped() {
        let a = GraphQLFile(data: Data("a".utf8), filename: "a")
        let request = GraphQLRequest(AttachFilesToLessonMutation(input: .init(lessonId: "lesson-1", file: a), files: []))
        #expect(request.uploads.map(\.path) == ["variables.input.file"])
        #expect(request.variables["input"] == ["lessonId": "lesson-1", "file": nil])
    }

    @Test func aBatchPrefixesEachOperationsIndex() throws {
        let a = GraphQLFile(data: Data("a".utf8), filename: "a")
        let b = GraphQLFile(data: Data("b".utf8), filename: "b")
        let requests = [GraphQLRequest(AttachFilesToLessonMutation(input: .init(lessonId: "lesson-1", file: a), files: [])),
                        GraphQLRequest(AttachFilesToLessonMutation(input: .init(lessonId: "lesson-1", file: b), files: [a]))]
        let body = GraphQLMultipartBody(batch: requests, boundary: "B")
        #expect(body.mapJSON == #"{"0":["0.variables.input.file","1.variables.files.0"],"1":["1.variables.input.file"]}"#)
        guard case .array(let operations) = body.operations else { Issue.record("not a batch"); return }
        #expect(operations.count == 2)
    }

    @Test func filenamesAreEscapedAsBrowsersDo() throws {
        #expect(GraphQLMultipartBody.quoted("a\"b\r\nc.txt") == "\"a%22b%0D%0Ac.txt\"")
        #expect(GraphQLMultipartBody.quoted("résumé 😀.pdf") == "\"résumé 😀.pdf\"")
        let file = GraphQLFile(data: Data("x".utf8), filename: "evil\"\r\nX-Injected: 1")
        let body = GraphQLMultipartBody(operations: [:], uploads: [GraphQLUpload(path: "variables.f", file: file)], boundary: "B")
        let text = try Self.text(try body.makeSource())
        #expect(text.contains("filename=\"evil%22%0D%0AX-Injected: 1\"\r\n"))
        #expect(!text.contains("\r\nX-Injected"))
    }

    @Test func aMIMETypeWithALineBreakIsRefused() {
        let file = GraphQLFile(data: Data("x".utf8), filename: "x", mimeType: "text/plain\r\nX-Injected: 1")
        let body = GraphQLMultipartBody(operations: [:], uploads: [GraphQLUpload(path: "variables.f", file: file)])
        #expect(throws: GraftError.self) { try body.makeSource() }
    }

    @Test func boundariesAreRandomAndAppearOnlyAsDelimiters() throws {
        let one = GraphQLMultipartBody(operations: [:], uploads: [])
        let two = GraphQLMultipartBody(operations: [:], uploads: [])
        #expect(one.boundary != two.boundary)
        #expect(one.boundary.hasPrefix("graft-") && one.boundary.count > 20)
        let text = try Self.text(try one.makeSource())
        #expect(text.components(separatedBy: one.boundary).count == 4)  // operations, map, closing
    }

    @Test func filesAreReadFromDiskInAnyChunkSizeAndFromTheStartEachTime() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var random = SystemRandomNumberGenerator()
        let bytes = (0..<100_003).map { _ in UInt8.random(in: 0...255, using: &random) }
        let url = try Fixtures.write(bytes, named: "data.bin", in: folder)
        let file = GraphQLFile(fileURL: url, mimeType: "application/x-test")
        #expect(file.filename == "data.bin")
        let inMemory = GraphQLFile(data: Data(bytes), filename: "data.bin", mimeType: "application/x-test")
        let onDisk = try GraphQLMultipartBody(operations: [:], uploads: [GraphQLUpload(path: "variables.f", file: file)],
                                              boundary: "B").makeSource()
        let expected = try GraphQLMultipartBody(operations: [:], uploads: [GraphQLUpload(path: "variables.f", file: inMemory)],
                                                boundary: "B").makeSource().collect()
        #expect(onDisk.length == Int64(expected.count))
        for chunkSize in [1, 7, 4096, 1 << 20] {
            let reader = try onDisk.makeReader()
            var read = Data()
            var buffer = [UInt8](repeating: 0, count: chunkSize)
            while true {
                let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
                if count == 0 { break }
                #expect(count <= chunkSize)
                read.append(contentsOf: buffer[..<count])
            }
            reader.close()
            #expect(read == expected, "chunks of \(chunkSize)")
        }
    }

    @Test func aFileThatChangesSizeAfterTheBodyWasMadeFailsTheRead() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try Fixtures.write(Array(repeating: 1, count: 1000), named: "grows.bin", in: folder)
        let body = GraphQLMultipartBody(operations: [:], uploads: [GraphQLUpload(path: "variables.f", file: GraphQLFile(fileURL: url))])
        let source = try body.makeSource()
        try Data(repeating: 2, count: 2000).write(to: url)
        #expect { try source.collect() } throws: { error in
            (error as? GraftError)?.message.contains("changed size") == true
        }
        try Data(repeating: 3, count: 10).write(to: url)
        #expect { try source.collect() } throws: { error in
            (error as? GraftError)?.message.contains("changed size") == true
        }
    }

    @Test func aMissingFileOrAFolderIsAnErrorWhenTheBodyIsMade() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for url in [folder.appendingPathComponent("missing.bin"), folder] {
            let body = GraphQLMultipartBody(operations: [:], uploads: [GraphQLUpload(path: "variables.f", file: GraphQLFile(fileURL: url))])
            #expect(throws: GraftError.self) { try body.makeSource() }
        }
        let web = GraphQLFile(fileURL: URL(string: "https://example.com/a.txt")!)
        #expect(throws: GraftError.self) {
            try GraphQLMultipartBody(operations: [:], uploads: [GraphQLUpload(path: "variables.f", file: web)]).makeSource()
        }
    }
}
