import Foundation
import GraftCodegen
import Testing

/// Selections nest no deeper than the parser's limit (256 levels) with every fragment spread
/// expanded: the parser bounds each definition, but a chain of fragments, each spreading the next,
/// nests as deep as it is long, and compiling it recursed once per level (a chain of 20,000
/// fragments ran for minutes, then crashed).
@Suite struct SelectionDepthTests {
    static let schema = """
        type Query { hero: Character }
        interface Character { name: String friend: Character }
        type Droid implements Character { name: String friend: Character }
        """

    /// A query spreading the first of `length` fragments, each spreading the next, the last
    /// selecting `name`; `fragmentsOnly` leaves the query out (a module of shared fragments).
    static func chain(_ length: Int, fragmentsOnly: Bool = false) -> String {
        var text = fragmentsOnly ? "" : "query Chain { hero { ...F0 } }\n"
        for index in 0..<length - 1 { text += "fragment F\(index) on Character { ...F\(index + 1) }\n" }
        return text + "fragment F\(length - 1) on Character { name }\n"
    }

    static func generate(_ operations: String, schemaModule: Bool = false) throws -> (files: Int, errors: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graft-depth-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try schema.write(to: folder.appendingPathComponent("schema.graphqls"), atomically: true, encoding: .utf8)
        try operations.write(to: folder.appendingPathComponent("Chain.graphql"), atomically: true, encoding: .utf8)
        let configuration = GraftConfiguration(schemaPaths: [folder.appendingPathComponent("schema.graphqls").path],
                                               operationPaths: [folder.appendingPathComponent("Chain.graphql").path])
        let result = CodeGenerator.run(configuration)
        return (result.files.count, result.errors.map(\.description))
    }

    @Test func aChainWithinTheLimitGenerates() throws {
        let (files, errors) = try Self.generate(Self.chain(200))
        #expect(errors == [])
        #expect(files > 200)
    }

    @Test(arguments: [300, 20_000])
    func aLongerChainIsOneErrorAtTheOperation(_ length: Int) throws {
        let (files, errors) = try Self.generate(Self.chain(length))
        #expect(files == 0)
        #expect(errors.count == 1, "\(errors.prefix(3))")
        #expect(errors.first?.contains("/Chain.graphql:1:7: error: Operation \"Chain\" nests its selections \(length + 2) levels deep "
                                        + "with its fragments expanded") == true, "\(errors.first ?? "")")
        #expect(errors.first?.contains("at most 256") == true)
    }

    @Test func deepSelectionsThroughFieldsCountToo() throws {
        // 130 fragments, each selecting `friend { ...next }`: two levels each.
        var text = "query Friends { hero { ...G0 } }\n"
        for index in 0..<129 { text += "fragment G\(index) on Character { friend { ...G\(index + 1) } }\n" }
        text += "fragment G129 on Character { name }\n"
        let (_, errors) = try Self.generate(text)
        #expect(errors.count == 1)
        #expect(errors.first?.contains("Operation \"Friends\" nests its selections 261 levels deep") == true, "\(errors)")
    }
}
