import Foundation
import GraftCompiler
import GraftLanguage
import GraftTestSupport
import Testing

/// Every operation case validated with all specified rules gives what graphql-js 16.6
/// `validate(schema, document)` gives, as recorded in `Expected/validation-all-rules.json`
/// (regenerate with `NODE_PATH=/usr/share/nodejs node Scripts/validation-oracle.js`).
@Suite(.requiresCorpora("graphql-js's 403 operation validation cases with all rules (AllRulesOracleTests)"))
struct AllRulesOracleTests {
    struct Oracle: Decodable {
        struct Location: Decodable { let line: Int; let column: Int }
        struct ExpectedError: Decodable { let message: String; let locations: [Location] }
        let graphqlVersion: String
        let cases: [String: [ExpectedError]]
    }

    static let oracle: Oracle? = {
        guard let data = try? Data(contentsOf: TestPaths.expected.appendingPathComponent("validation-all-rules.json")) else {
            return nil
        }
        return try? JSONDecoder().decode(Oracle.self, from: data)
    }()

    @Test func oracleIsLoaded() throws {
        let oracle = try #require(Self.oracle)
        #expect(oracle.graphqlVersion == "16.6.0")
        #expect(oracle.cases.count == OperationValidationCase.all.count)
    }

    @Test(arguments: OperationValidationCase.all)
    func allRulesMatchGraphQLJS(_ testCase: OperationValidationCase) throws {
        let expected = try #require(Self.oracle?.cases[testCase.id], "no oracle entry")
        let rendered = expected.map { render($0.message, $0.locations.map { ($0.line, $0.column) }) }
        #expect(try testCase.validate(rules: SpecifiedRules.all) == rendered)
    }
}
