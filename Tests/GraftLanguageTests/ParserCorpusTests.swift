import Foundation
import GraftTestSupport
import Testing
@testable import GraftLanguage

/// graphql-js 16.6's parser test cases (the corpora's graphql-js/parse-cases.json): same
/// accept/reject, same error message and location, and the recorded AST (kinds, names, values, `loc`).
@Suite(.requiresCorpora("graphql-js's parser cases (ParserCorpusTests)")) struct ParserCorpusTests {
    static let cases: [ParseCase] = (try? Corpus.cases("graphql-js/parse-cases.json").map(ParseCase.init)) ?? []

    struct ParseCase: CustomTestStringConvertible, @unchecked Sendable {
        let id: String
        let function: String
        let input: String
        let options: [String: Any]
        let ast: JSONNode?
        let error: String?

        init(_ json: [String: Any]) {
            id = json["id"] as? String ?? "?"
            function = json["fn"] as? String ?? "parse"
            input = json["input"] as? String ?? ""
            options = json["options"] as? [String: Any] ?? [:]
            ast = json["ast"].map(JSONNode.init)
            if let error = json["error"] as? [String: Any] {
                let locations = (error["locations"] as? [[String: Int]] ?? []).map { "\($0["line"] ?? 0):\($0["column"] ?? 0)" }
                self.error = "\(error["message"] ?? "") @\(locations.joined(separator: ","))"
            } else {
                self.error = nil
            }
        }

        var testDescription: String { id }
    }

    @Test func corpusIsComplete() {
        #expect(Self.cases.count == 122)
    }

    @Test(arguments: cases)
    func parseCase(_ testCase: ParseCase) {
        let source = Source(testCase.input)
        var options = ParseOptions()
        options.maxTokens = testCase.options["maxTokens"] as? Int
        options.allowLegacyFragmentVariables = testCase.options["allowLegacyFragmentVariables"] as? Bool ?? false
        let json = ASTJSON(source: source, includeLocations: testCase.options["noLocation"] as? Bool != true)
        do {
            let produced: JSONNode
            switch testCase.function {
            case "parseValue": produced = json.value(try parseValue(source, options: options))
            case "parseConstValue": produced = json.value(try parseConstValue(source, options: options))
            case "parseType": produced = json.type(try parseType(source, options: options))
            default: produced = json.document(try parse(source, options: options))
            }
            #expect(testCase.error == nil, "expected an error, parsed \(produced)")
            if let ast = testCase.ast { #expect(produced == ast) }
        } catch {
            #expect("\(error.message) @\(error.location.line):\(error.location.column)" == testCase.error)
        }
    }
}
