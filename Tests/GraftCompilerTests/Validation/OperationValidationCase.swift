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
    static let harnessSchema: Schema? = harnessSource.flatMap { try? SchemaBuilder.build(sdl: [$0]) }

    /// The harness schema plus the generator's directives, as `graft` builds every schema, built once.
    static let harnessSchemaWithGeneratorDirectives: Schema? = harnessSource.flatMap {
        try? GeneratorDirectives.buildSchema(sdl: [$0])
    }

    private static var harnessSource: Source? {
        (try? Corpora.text("graphql-js/validation-harness-schema.graphql")).map { Source($0, name: "harness.graphql") }
    }

    /// The case's schema; with `generatorDirectives`, plus the `GeneratorDirectives` it does not
    /// define, as `graft validate` and `graft generate` build it.
    func buildSchema(generatorDirectives: Bool = false) throws -> Schema {
        switch schema {
        case .harness, nil:
            let harness = generatorDirectives ? Self.harnessSchemaWithGeneratorDirectives : Self.harnessSchema
            guard let harness else { throw CaseError.harnessSchema }
            return harness
        case .sdl(let sdl):
            let source = Source(sdl, name: "schema.graphql")
            return generatorDirectives ? try GeneratorDirectives.buildSchema(sdl: [source]) : try SchemaBuilder.build(sdl: [source])
        }
    }

    /// Validates the case's document with `rules` (against the schema `buildSchema` gives) and
    /// renders the errors.
    func validate(rules: [any ValidationRule.Type], generatorDirectives: Bool = false,
                  customScalarLiterals: [String: @Sendable (Value) -> Bool] = [:]) throws -> [String] {
        let source = Source(document, name: "document.graphql")
        var validator = Validator(schema: try buildSchema(generatorDirectives: generatorDirectives), rules: rules)
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
