import Foundation
import GraftCompiler
import GraftLanguage
import GraftTestSupport
import Testing

/// The `"kind": "operation"` cases recorded from graphql-js 16.6's validation tests: each rule
/// alone reports exactly the recorded errors, in order, at the recorded locations.
@Suite(.requiresCorpora("graphql-js's 403 operation validation cases, each rule alone (OperationValidationCaseTests)"))
struct OperationValidationCaseTests {
    /// Scalars whose behaviour SDL cannot express, set up as graphql-js's tests set them up:
    /// val-0472's `CustomScalar` has a `parseLiteral` that returns no value for every literal.
    static let customScalarLiterals: [String: [String: @Sendable (Value) -> Bool]] = [
        "val-0472": ["CustomScalar": { _ in false }],
    ]

    static var cases: [OperationValidationCase] { OperationValidationCase.all }

    @Test func corpusIsLoaded() {
        #expect(OperationValidationCase.all.count == 403)
        #expect(OperationValidationCase.harnessSchema != nil)
    }

    @Test(arguments: cases)
    func ruleAloneMatchesGraphQLJS(_ testCase: OperationValidationCase) throws {
        let rule = try #require(SpecifiedRules.named(testCase.rule), "unknown rule \(testCase.rule)")
        let literals = Self.customScalarLiterals[testCase.id] ?? [:]
        #expect(try testCase.validate(rules: [rule], customScalarLiterals: literals) == testCase.expected)
    }
}
