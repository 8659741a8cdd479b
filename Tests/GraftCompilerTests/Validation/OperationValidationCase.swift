import Foundation
import GraftCompiler
import GraftLanguage
import GraftTestSupport
import Testing

/// One `"kind": "operation"` case recorded from graphql-js 16.6's test suite.
struct OperationValidationCase: Decodable, Sendable, CustomTestStringConvertible {
    struct Location: Decodable, Sendable, Equatable { let line: Int; let column: Int }
    struct ExpectedError: Decodable, Sendable { let message: String; let locations: [Location]? }

    /// `"testSchema"` (the harness schema) or `{"sdl": ...}`.
    enum SchemaReference: Decodable, Sendable {
        case harness
        case sdl(String)

        init(from decoder: any Decoder) throws {
            if let name = try? decoder.singleValueContainer().decode(String.self) {
                guard name == "testSchema" else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: name)) }
                self = .harness
            } else {
                self = .sdl(try decoder.singleValueContainer().decode([String: String].self)["sdl"] ?? "")
            }
        }
    }

    let id: String
    let rule: String
    let kind: String
    let fromTest: String
    let schema: SchemaReference?
    let document: String
    let errors: [ExpectedError]

    var testDescription: String { "\(id) \(rule): \(fromTest)" }

    /// The expected errors as `message @ line:column,...` lines.
    var expected: [String] {
        errors.map { render($0.message, ($0.locations ?? []).map { ($0.line, $0.column) }) }
    }

    static let all: [OperationValidationCase] = {
        guard let data = try? Corpora.data("graphql-js/validation-cases.json"),
              let cases = try? JSONDecoder().decode([OperationValidationCase].self, from: data) else { return [] }
        return cases.filter { $0.kind == "operation" }
    }()

    /// The harness schema, built once.
    static let harnessSchema: Schema? = try? SchemaBuilder.build(
        sdl: [Source(Corpora.text("graphql-js/validation-harness-schema.graphql"), name: "harness.graphql")])

    /// The case's schema.
    func buildSchema() throws -> Schema {
        switch schema {
        case .harness, nil:
            guard let harness = Self.harnessSchema else { throw CaseError.harnessSchema }
            return harness
        case .sdl(let sdl):
            return try SchemaBuilder.build(sdl: [Source(sdl, name: "schema.graphql")])
        }
    }

    /// Validates the case's document with `rules` and renders the errors.
    func validate(rules: [any ValidationRule.Type],
                  customScalarLiterals: [String: @Sendable (Value) -> Bool] = [:]) throws -> [String] {
        let source = Source(document, name: "document.graphql")
        var validator = Validator(schema: try buildSchema(), rules: rules)
        validator.customScalarLiterals = customScalarLiterals
        let errors = validator.validate(try parse(source), source: source)
        return errors.map { error in render(error.message, error.locations.map { ($0.location.line, $0.location.column) }) }
    }

    enum CaseError: Error { case harnessSchema }
}

/// `message @ line:column,line:column`.
func render(_ message: String, _ locations: [(Int, Int)]) -> String {
    "\(message) @ " + locations.map { "\($0.0):\($0.1)" }.joined(separator: ",")
}
