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

    static let all: [SDLValidationCase] = {
        guard let data = try? Corpora.data("graphql-js/validation-cases.json"),
              let cases = try? JSONDecoder().decode([SDLValidationCase].self, from: data) else { return [] }
        return cases.filter { $0.kind == "sdl" }
    }()
}

@Suite(.requiresCorpora("graphql-js's 106 SDL validation cases (SDLValidationCaseTests)")) struct SDLValidationCaseTests {
    @Test func corpusIsLoaded() {
        #expect(SDLValidationCase.all.count == 106)
    }

    @Test(arguments: SDLValidationCase.all)
    func matchesGraphQLJS(_ testCase: SDLValidationCase) throws {
        let rule = try #require(SDLRule(rawValue: testCase.rule), "unknown rule \(testCase.rule)")
        var base: Schema?
        if let sdl = testCase.schema?.sdl {
            // graphql-js's buildSchema validates the SDL but not the schema (these have no Query type).
            let schemaSource = Source(sdl, name: "schema.graphql")
            let schemaDocument = [Located(try parse(schemaSource), source: schemaSource)]
            #expect(SDLValidator.validate(schemaDocument).isEmpty)
            base = try SchemaBuilder.build(documents: schemaDocument, validate: false)
        }
        let source = Source(testCase.document, name: "document.graphql")
        let document = try parse(source)
        let errors = SDLValidator.validate([Located(document, source: source)], extending: base, rules: [rule])
        let actual = errors.map { error in
            "\(error.message) @ " + error.locations.map { "\($0.location.line):\($0.location.column)" }.joined(separator: ",")
        }
        let expected = testCase.errors.map { error in
            "\(error.message) @ " + (error.locations ?? []).map { "\($0.line):\($0.column)" }.joined(separator: ",")
        }
        #expect(actual == expected)
    }
}
