import Foundation
import GraftCompiler
import GraftLanguage
import GraftTestSupport
import Testing

/// Every operation case validated with all specified rules gives what graphql-js 16.6
/// `validate(schema, document)` gives, as recorded in `Expected/validation-all-rules.json`
/// (regenerate with `NODE_PATH=/usr/share/nodejs node Scripts/validation-oracle.js`), plus what
/// graphql-js 17's `KnownOperationTypesRule` adds (`graphQLJS17`); and the same again on the
/// schema as `graft` builds it, with the generator's directives.
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

    /// The cases whose operations have a kind the schema has no root type for: graphql-js 16 reports
    /// nothing for that, graphql-js 17 and the specification (Operation Type Existence) do. Each
    /// entry is graphql-js 17's whole answer, written out from the 16.6 oracle's, with the error
    /// placed where 17 reports it (on entering the operation, before the other rules' errors for
    /// that operation).
    static let graphQLJS17: [String: [String]] = [
        "val-0060": [
            "This anonymous operation must be the only defined operation. @ 2:7",
            #"Cannot query field "human" on type "Query". Did you mean "dummy"? @ 3:9"#,
            #"Variable "$var" is never used. @ 2:14"#,
            "The mutation operation is not supported by the schema. @ 11:7",
            "This anonymous operation must be the only defined operation. @ 11:7",
            "The subscription operation is not supported by the schema. @ 15:7",
            "This anonymous operation must be the only defined operation. @ 15:7",
            #"Unknown type "Human". @ 19:24"#,
        ],
        "val-0061": [
            "This anonymous operation must be the only defined operation. @ 2:7",
            #"Directive "@onQuery" may not be used on VARIABLE_DEFINITION. @ 2:28"#,
            #"Directive "@onMutation" may not be used on QUERY. @ 2:38"#,
            #"Cannot query field "human" on type "Query". Did you mean "dummy"? @ 3:9"#,
            #"Directive "@onQuery" may not be used on FIELD. @ 3:15"#,
            #"Directive "@onQuery" may not be used on FRAGMENT_SPREAD. @ 4:19"#,
            #"Directive "@onQuery" may not be used on INLINE_FRAGMENT. @ 5:15"#,
            #"Directive "@onQuery" may not be used on FIELD. @ 6:18"#,
            #"Variable "$var" is never used. @ 2:14"#,
            "The mutation operation is not supported by the schema. @ 11:7",
            "This anonymous operation must be the only defined operation. @ 11:7",
            #"Directive "@onQuery" may not be used on MUTATION. @ 11:16"#,
            #"Directive "@onQuery" may not be used on FIELD. @ 12:19"#,
            "The subscription operation is not supported by the schema. @ 15:7",
            "This anonymous operation must be the only defined operation. @ 15:7",
            #"Directive "@onQuery" may not be used on SUBSCRIPTION. @ 15:20"#,
            #"Directive "@onQuery" may not be used on FIELD. @ 16:19"#,
            #"Unknown type "Human". @ 19:24"#,
            #"Directive "@onQuery" may not be used on FRAGMENT_DEFINITION. @ 19:30"#,
            #"Directive "@onQuery" may not be used on FIELD. @ 20:14"#,
        ],
        "val-0087": [
            "This anonymous operation must be the only defined operation. @ 2:7",
            #"Cannot query field "fieldA" on type "QueryRoot". @ 3:9"#,
            "The mutation operation is not supported by the schema. @ 5:7",
        ],
        "val-0088": [
            "This anonymous operation must be the only defined operation. @ 2:7",
            #"Cannot query field "fieldA" on type "QueryRoot". @ 3:9"#,
            "The subscription operation is not supported by the schema. @ 5:7",
        ],
        "val-0292": ["The subscription operation is not supported by the schema. @ 2:9"],
        "val-0375": [
            #"Cannot query field "field" on type "QueryRoot". @ 3:9"#,
            "The mutation operation is not supported by the schema. @ 6:7",
            "The subscription operation is not supported by the schema. @ 10:7",
        ],
        "val-0378": [
            #"Cannot query field "fieldA" on type "QueryRoot". @ 3:9"#,
            "The mutation operation is not supported by the schema. @ 5:7",
            #"There can be only one operation named "Foo". @ 2:13,5:16"#,
        ],
        "val-0379": [
            #"Cannot query field "fieldA" on type "QueryRoot". @ 3:9"#,
            "The subscription operation is not supported by the schema. @ 5:7",
            #"There can be only one operation named "Foo". @ 2:13,5:20"#,
        ],
    ]

    /// What graphql-js 17 reports for a case.
    static func expected(_ testCase: OperationValidationCase) throws -> [String] {
        if let errors = graphQLJS17[testCase.id] { return errors }
        let expected = try #require(oracle?.cases[testCase.id], "no oracle entry")
        return expected.map { render($0.message, $0.locations.map { ($0.line, $0.column) }) }
    }

    @Test func oracleIsLoaded() throws {
        let oracle = try #require(Self.oracle)
        #expect(oracle.graphqlVersion == "16.6.0")
        #expect(oracle.cases.count == OperationValidationCase.all.count)
        // graphql-js 17's answers are 16.6's plus errors of KnownOperationTypesRule only.
        for (id, errors) in Self.graphQLJS17 {
            let recorded = try #require(oracle.cases[id], "\(id) is not a case")
            #expect(errors.filter { !$0.contains(" operation is not supported by the schema. @ ") }
                    == recorded.map { render($0.message, $0.locations.map { ($0.line, $0.column) }) }, "\(id)")
        }
    }

    @Test(arguments: OperationValidationCase.all)
    func allRulesMatchGraphQLJS(_ testCase: OperationValidationCase) throws {
        #expect(try testCase.validate(rules: SpecifiedRules.all) == Self.expected(testCase))
    }

    /// `graft` adds its directives (`@defer`, `@stream`, `@typePolicy`, ...) to every schema; that
    /// changes no answer, and the types their arguments use are no types of the schema's (val-0074:
    /// `Int`, used by `@stream`, stays unknown to a schema that does not reference it).
    @Test(arguments: OperationValidationCase.all)
    func allRulesMatchGraphQLJSWithGeneratorDirectives(_ testCase: OperationValidationCase) throws {
        #expect(try testCase.validate(rules: SpecifiedRules.all, generatorDirectives: true) == Self.expected(testCase))
    }
}
