import Foundation
import GraftCompiler
import GraftLanguage
import GraftTestSupport
import Testing

/// One `"kind": "sdl"` case recorded from graphql-js's test suite.
struct SDLValidationCase: Decodable, Sendable, CustomTestStringConvertible {
    /// `{"sdl": ...}` for SDL cases; operation cases name a harness schema with a string.
    struct SchemaSDL: Decodable, Sendable {
        let sdl: String?
        init(from decoder: any Decoder) throws {
            struct Keys: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }
            sdl = try? decoder.container(keyedBy: Keys.self).decode(String.self, forKey: Keys(stringValue: "sdl"))
        }
    }
    struct Location: Decodable, Sendable, Equatable { let line: Int; let column: Int }
    struct ExpectedError: Decodable, Sendable { let message: String; let locations: [Location]? }

    let id: String
    let rule: String
    let kind: String
    let fromTest: String
    let schema: SchemaSDL?
    let document: String
    let errors: [ExpectedError]

    var testDescription: String { "\(id) \(rule): \(fromTest)" }

    /// Every case, operations included (their documents are validated as SDL too).
    static let everyDocument: [SDLValidationCase] = {
        guard let data = try? Corpora.data("graphql-js/validation-cases.json"),
              let cases = try? JSONDecoder().decode([SDLValidationCase].self, from: data) else { return [] }
        return cases
    }()
    static let all: [SDLValidationCase] = everyDocument.filter { $0.kind == "sdl" }

    /// The schema an SDL case extends (built without validation, as graphql-js's buildSchema does here).
    func baseSchema() throws -> Schema? {
        guard kind == "sdl", let sdl = schema?.sdl else { return nil }
        let source = Source(sdl, name: "schema.graphql")
        return try SchemaBuilder.build(documents: [Located(try parse(source), source: source)], validate: false)
    }

    /// The errors of SDL validation of the case's document, as `message @ line:column,...`.
    func sdlErrors(rules: [SDLRule] = SDLRule.allCases) throws -> [String] {
        let source = Source(document, name: "document.graphql")
        let errors = SDLValidator.validate([Located(try parse(source), source: source)], extending: try baseSchema(), rules: rules)
        return errors.map { error in
            "\(error.message) @ " + error.locations.map { "\($0.location.line):\($0.location.column)" }.joined(separator: ",")
        }
    }
}

@Suite(.requiresCorpora("graphql-js's 106 SDL validation cases (SDLValidationCaseTests)")) struct SDLValidationCaseTests {
    @Test func corpusIsLoaded() {
        #expect(SDLValidationCase.all.count == 106)
    }

    @Test(arguments: SDLValidationCase.all)
    func matchesGraphQLJS(_ testCase: SDLValidationCase) throws {
        let rule = try #require(SDLRule(rawValue: testCase.rule), "unknown rule \(testCase.rule)")
        if let sdl = testCase.schema?.sdl {
            // graphql-js's buildSchema validates the SDL but not the schema (these have no Query type).
            let schemaSource = Source(sdl, name: "schema.graphql")
            #expect(SDLValidator.validate([Located(try parse(schemaSource), source: schemaSource)]).isEmpty)
        }
        let actual = try testCase.sdlErrors(rules: [rule])
        let expected = testCase.errors.map { error in
            "\(error.message) @ " + (error.locations ?? []).map { "\($0.line):\($0.column)" }.joined(separator: ",")
        }
        #expect(actual == expected)
    }
}

/// Every document of graphql-js's validation cases, operations included, validated with every SDL
/// rule gives what graphql-js 16.6 `validateSDL` gives (`Expected/sdl-all-rules.json`, written by
/// `Scripts/sdl-oracle.js`): a schema file that holds operations or fragments gets graphql-js's
/// errors, not a later "Query root type must be provided.".
@Suite(.requiresCorpora("graphql-js's validateSDL on all 509 case documents (SDLAllRulesOracleTests)"))
struct SDLAllRulesOracleTests {
    static let oracle: [String: [SDLValidationCase.ExpectedError]] = {
        struct Oracle: Decodable { let cases: [String: [SDLValidationCase.ExpectedError]] }
        guard let data = try? Data(contentsOf: TestPaths.expected.appendingPathComponent("sdl-all-rules.json")) else { return [:] }
        return (try? JSONDecoder().decode(Oracle.self, from: data).cases) ?? [:]
    }()

    @Test func oracleIsLoaded() {
        #expect(Self.oracle.count == 509)
        #expect(SDLValidationCase.everyDocument.count == 509)
    }

    @Test(arguments: SDLValidationCase.everyDocument)
    func allSDLRulesMatchGraphQLJS(_ testCase: SDLValidationCase) throws {
        let expected = try #require(Self.oracle[testCase.id], "no oracle entry").map { error in
            "\(error.message) @ " + (error.locations ?? []).map { "\($0.line):\($0.column)" }.joined(separator: ",")
        }
        #expect(try testCase.sdlErrors() == expected)
    }
}
