import Foundation
import GraftCompiler
import GraftLanguage
import GraftTestSupport
import Testing

/// Large selection sets for OverlappingFieldsCanBeMerged: 1,000 sibling fields with one response
/// name (identical, alternating, with arguments, sub-selections and fragment spreads). graphql-js
/// 16.6 compares every pair (seconds per document); these check that the grouped comparison
/// still completes and reports exactly graphql-js's errors, recorded by
/// `Scripts/validation-oracle.js` in `Expected/validation-all-rules.json` (`stress`).
@Suite(.requiresCorpora("1,000-sibling OverlappingFieldsCanBeMerged cases on graphql-js's harness schema (OverlappingFieldsStressTests)"))
struct OverlappingFieldsStressTests {
    struct Stress: Decodable {
        struct Case: Decodable {
            let document: String
            let errors: [AllRulesOracleTests.Oracle.ExpectedError]
        }
        let stress: [String: Case]
    }

    static let stress: [String: Stress.Case] = {
        guard let data = try? Data(contentsOf: TestPaths.expected.appendingPathComponent("validation-all-rules.json")),
              let decoded = try? JSONDecoder().decode(Stress.self, from: data) else { return [:] }
        return decoded.stress
    }()

    static let names = ["siblings-identical-leaf", "siblings-alternating-leaf", "siblings-identical-subselection",
                        "siblings-alternating-arguments", "siblings-alternating-subselection", "siblings-fragment-spreads"]

    @Test func allCasesRecorded() {
        #expect(Set(Self.stress.keys) == Set(Self.names))
    }

    @Test(arguments: names)
    func matchesGraphQLJS(_ name: String) throws {
        let stressCase = try #require(Self.stress[name])
        let schema = try #require(OperationValidationCase.harnessSchema)
        let source = Source(stressCase.document, name: "\(name).graphql")
        let document = try parse(source)
        guard case .operation(let operation) = document.definitions.first,
              case .field(let dog) = operation.selectionSet.selections.first else { throw StressError.shape }
        #expect(dog.selectionSet?.selections.count == 1000)
        let errors = Validator(schema: schema).validate(document, source: source)
        let actual = errors.map { render($0.message, $0.locations.map { ($0.location.line, $0.location.column) }) }
        let expected = stressCase.errors.map { render($0.message, $0.locations.map { ($0.line, $0.column) }) }
        #expect(actual == expected)
    }

    enum StressError: Error { case shape }
}
