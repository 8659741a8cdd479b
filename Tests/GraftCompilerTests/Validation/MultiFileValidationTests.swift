import Foundation
import GraftCompiler
import GraftLanguage
import Testing

/// Operations spread over several files are validated as one document; errors point into the
/// right file, line and column.
@Suite struct MultiFileValidationTests {
    static let schemaSDL = "type Query { dog: Dog }\ntype Dog { name: String, nickname: String }"

    func temporaryFolder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graft-validation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("nested"), withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return folder
    }

    @Test func errorsPointIntoTheirFiles() throws {
        let schema = try SchemaBuilder.build(sdl: [Source(Self.schemaSDL, name: "schema.graphqls")])
        let first = Source("query A {\n  dog { ...Names }\n}\n", name: "A.graphql")
        let second = Source("# names\nfragment Names on Dog {\n  name: nickname\n  name\n  barks\n}", name: "Names.graphql")
        let sources = DocumentSources(files: [first, second])
        let errors = Validator(schema: schema).validate(try parse(sources.combined), sources: sources)
        let rendered = errors.map { error in
            error.message + " @ " + error.locations.map { "\($0.source.name):\($0.location)" }.joined(separator: ",")
        }
        #expect(rendered == [
            "Fields \"name\" conflict because \"nickname\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional. @ Names.graphql:3:3,Names.graphql:4:3",
            "Cannot query field \"barks\" on type \"Dog\". @ Names.graphql:5:3",
        ])
    }

    @Test func loaderReadsFoldersAndReportsSyntaxErrorsPerFile() throws {
        let folder = try temporaryFolder([
            "A.graphql": "query A { dog { ...Names } }",
            "nested/Names.graphql": "fragment Names on Dog { name }",
            "schema.graphqls": "type Ignored { a: String }",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = OperationLoader.load(paths: [folder.path])
        #expect(loaded.files.map { URL(fileURLWithPath: $0).lastPathComponent } == ["A.graphql", "Names.graphql"])
        #expect(loaded.errors.isEmpty)
        #expect(loaded.document?.definitions.count == 2)

        try "query B { dog { ".write(to: folder.appendingPathComponent("B.graphql"), atomically: true, encoding: .utf8)
        let broken = OperationLoader.load(paths: [folder.path])
        #expect(broken.document == nil)
        #expect(broken.errors.map { "\(URL(fileURLWithPath: $0.locations[0].source.name).lastPathComponent):\($0.locations[0].location)" }
            == ["B.graphql:1:17"])
    }

    @Test func validationStopsAfterMaxErrors() throws {
        let schema = try SchemaBuilder.build(sdl: [Source(Self.schemaSDL, name: "schema.graphqls")])
        let source = Source("{ dog { " + (0..<150).map { "f\($0)" }.joined(separator: " ") + " } }")
        let errors = Validator(schema: schema).validate(try parse(source), source: source)
        #expect(errors.count == 101)
        #expect(errors[99].message == "Cannot query field \"f99\" on type \"Dog\".")
        #expect(errors[100].message == "Too many validation errors, error limit reached. Validation aborted.")
        #expect(errors[100].locations.isEmpty)
        let five = Validator(schema: schema, maxErrors: 5).validate(try parse(source), source: source)
        #expect(five.count == 6)
    }
}
