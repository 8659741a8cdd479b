import Foundation
import GraftCodegen
import Testing

/// Text from the schema reaches generated code only escaped: descriptions stay inside `///`
/// comments whatever line breaks they hold.
@Suite struct GeneratedTextTests {
    @Test func descriptionLineBreaksStayInComments() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graft-text-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let schema = "type Query {\n  \"Line one\\rfunc evil1() {}\\r\\nfunc evil2() {}\\u2028func evil3() {}\"\n  name: String\n}\n"
        try schema.write(toFile: folder + "/schema.graphqls", atomically: true, encoding: .utf8)
        try "query Name { name }\n".write(toFile: folder + "/Name.graphql", atomically: true, encoding: .utf8)
        let result = CodeGenerator.run(GraftConfiguration(schemaPaths: [folder + "/schema.graphqls"],
                                                          operationPaths: [folder + "/Name.graphql"], output: folder + "/out"))
        #expect(result.errors.map(\.description) == [])
        let text = try #require(result.files.first { $0.path.hasSuffix("NameQuery.graphql.swift") }).contents
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" || $0 == "\u{2028}" }
        let evil = lines.filter { $0.contains("evil") }
        #expect(evil.count == 3)
        #expect(evil.allSatisfy { $0.drop { $0 == "\t" }.hasPrefix("/// func evil") })
    }
}
