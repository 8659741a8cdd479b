import Foundation
import GraftCompiler
import GraftLanguage
import GraftTestSupport
import Testing

/// A schema and the file holding graphql-js's `printSchema()` of it (Scripts/graphql-js-oracle.js).
struct PrintCase: Decodable, Sendable, CustomTestStringConvertible {
    let name: String
    let kind: String
    let inputs: [String]
    let expected: String

    var testDescription: String { name }

    static let all: [PrintCase] = SchemaFixtures.expected("print-cases.json", as: [PrintCase].self) ?? []
    /// The cases whose inputs are all in the repository, and those reading the corpora.
    static let inRepository = all.filter { !$0.inputs.contains(where: SchemaFixtures.isCorpus) }
    static let onCorpora = all.filter { $0.inputs.contains(where: SchemaFixtures.isCorpus) }
}

@Suite struct SchemaPrinterTests {
    @Test func casesAreLoaded() {
        #expect(PrintCase.all.count == 13)
        #expect(PrintCase.inRepository.count == 3)
    }

    @Test(arguments: PrintCase.inRepository)
    func printsLikeGraphQLJS(_ testCase: PrintCase) throws {
        try check(testCase)
    }

    @Test(.requiresCorpora("printSchema of Shopify's and Apollo's schemas (SchemaPrinterTests)"), arguments: PrintCase.onCorpora)
    func printsRealSchemasLikeGraphQLJS(_ testCase: PrintCase) throws {
        try check(testCase)
    }

    func check(_ testCase: PrintCase) throws {
        let schema: Schema
        switch testCase.kind {
        case "introspection":
            schema = try IntrospectionSchemaBuilder.build(json: try SchemaFixtures.data(testCase.inputs[0]))
        case "extend-introspection":
            let base = try IntrospectionSchemaBuilder.build(json: try SchemaFixtures.data(testCase.inputs[0]))
            schema = try SchemaBuilder.extend(base, with: try SchemaFixtures.documents(Array(testCase.inputs.dropFirst())))
        case "extend":
            let base = try SchemaBuilder.build(sdl: try SchemaFixtures.sources([testCase.inputs[0]]))
            schema = try SchemaBuilder.extend(base, with: try SchemaFixtures.documents(Array(testCase.inputs.dropFirst())))
        default:
            schema = try SchemaBuilder.build(sdl: try SchemaFixtures.sources(testCase.inputs))
        }
        let expected = try String(contentsOf: TestPaths.expected.appendingPathComponent(testCase.expected), encoding: .utf8)
        let printed = SchemaPrinter.print(schema)
        if printed != expected {
            let printedLines = printed.split(separator: "\n", omittingEmptySubsequences: false)
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let index = Array(zip(printedLines, expectedLines)).firstIndex { $0.0 != $0.1 } ?? min(printedLines.count, expectedLines.count)
            Issue.record("""
                first difference at line \(index + 1):
                printed:  \(index < printedLines.count ? String(printedLines[index]) : "<end>")
                expected: \(index < expectedLines.count ? String(expectedLines[index]) : "<end>")
                """)
        }
        #expect(printed.utf8.count == expected.utf8.count)
    }

    @Test func javaScriptNumberFormatting() {
        // Values and the strings JavaScript's String(number) gives for them.
        #expect(SchemaPrinter.jsNumberString(1) == "1")
        #expect(SchemaPrinter.jsNumberString(1.5) == "1.5")
        #expect(SchemaPrinter.jsNumberString(1e21) == "1e+21")
        #expect(SchemaPrinter.jsNumberString(1e20) == "100000000000000000000")
        #expect(SchemaPrinter.jsNumberString(1.5e-7) == "1.5e-7")
        #expect(SchemaPrinter.jsNumberString(0.000001) == "0.000001")
        #expect(SchemaPrinter.jsNumberString(-123.25) == "-123.25")
        #expect(SchemaPrinter.jsNumberString(6.02e23) == "6.02e+23")
    }
}
