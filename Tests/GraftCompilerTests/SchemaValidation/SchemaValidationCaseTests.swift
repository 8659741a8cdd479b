import Foundation
import GraftCompiler
import GraftLanguage
import GraftTestSupport
import Testing

/// SDL inputs and the errors graphql-js reports for them: `validateSDL`, or when it finds nothing,
/// `validateSchema` (Scripts/graphql-js-oracle.js).
struct SchemaValidationCase: Decodable, Sendable, CustomTestStringConvertible {
    struct Location: Decodable, Sendable { let line: Int; let column: Int }
    struct ExpectedError: Decodable, Sendable { let message: String; let locations: [Location] }

    let name: String
    let sdl: String?
    let inputs: [String]?
    let errors: [ExpectedError]

    var testDescription: String { name }

    static let all: [SchemaValidationCase] =
        SchemaFixtures.expected("schema-validation-cases.json", as: [SchemaValidationCase].self) ?? []
    /// The cases whose inputs are all in the repository, and those reading the corpora.
    static let inRepository = all.filter { !$0.readsCorpora }
    static let onCorpora = all.filter(\.readsCorpora)

    var readsCorpora: Bool { (inputs ?? []).contains(where: SchemaFixtures.isCorpus) }

    /// Errors graphql-js 16.6 reports only because it predates `@oneOf` (built in here, per the
    /// September 2025 specification).
    static func isOneOfUnknownToGraphQLJS16(_ message: String) -> Bool {
        message == "Unknown directive \"@oneOf\"."
    }
}

@Suite struct SchemaValidationCaseTests {
    @Test func casesAreLoaded() {
        #expect(SchemaValidationCase.all.count == 36)
        #expect(SchemaValidationCase.inRepository.count == 26)
    }

    @Test(arguments: SchemaValidationCase.inRepository)
    func reportsWhatGraphQLJSReports(_ testCase: SchemaValidationCase) throws {
        try check(testCase)
    }

    @Test(.requiresCorpora("schema validation of GitHub's, Shopify's and Apollo's schemas (SchemaValidationCaseTests)"),
          arguments: SchemaValidationCase.onCorpora)
    func reportsWhatGraphQLJSReportsOnRealSchemas(_ testCase: SchemaValidationCase) throws {
        try check(testCase)
    }

    func check(_ testCase: SchemaValidationCase) throws {
        var sources = try SchemaFixtures.sources(testCase.inputs ?? [])
        if let sdl = testCase.sdl { sources.append(Source(sdl, name: "inline.graphql")) }
        var actual: [String] = []
        do {
            _ = try SchemaBuilder.build(sdl: sources)
        } catch {
            actual = error.errors.map(SchemaFixtures.describe)
        }
        let expected = testCase.errors
            .filter { !SchemaValidationCase.isOneOfUnknownToGraphQLJS16($0.message) }
            .map { error in error.message + " @ " + error.locations.map { "\($0.line):\($0.column)" }.joined(separator: ",") }
        #expect(actual == expected)
    }

    @Test(.requiresCorpora("GitHub's 2025-02-27 schema (SchemaValidationCaseTests)"))
    func gitHub20250227IsRejectedForDuplicatedEnterpriseOwnerInfoFields() throws {
        let path = "corpora/schemas/github/schema-2025-02-27-597478f.graphql"
        let error = #expect(throws: SchemaError.self) { try SchemaBuilder.build(sdl: try SchemaFixtures.sources([path])) }
        let expected = try #require(SchemaValidationCase.all.first { $0.name == "github-2025-02-27" })
        #expect(expected.errors.map(\.message) == [
            "Field \"EnterpriseOwnerInfo.repositoryDeployKeySetting\" can only be defined once.",
            "Field \"EnterpriseOwnerInfo.repositoryDeployKeySettingOrganizations\" can only be defined once.",
        ])
        #expect(error?.errors.map(\.message) == expected.errors.map(\.message))
    }
}
