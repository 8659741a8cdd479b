import Foundation
import GraftTestSupport
import Testing
@testable import GraftLanguage

/// graphql-js 16.6's lexer test cases (the corpora's graphql-js/lex-cases.json): the same tokens
/// (kind, value, start, end, line, column in UTF-16 units) or the same error.
@Suite(.requiresCorpora("graphql-js's lexer cases (LexerCorpusTests)")) struct LexerCorpusTests {
    static let cases: [LexCase] = (try? Corpus.cases("graphql-js/lex-cases.json").map(LexCase.init)) ?? []

    struct LexCase: CustomTestStringConvertible, Sendable {
        let id: String
        let input: String
        let hasLoneSurrogate: Bool
        let tokens: [[String: String]]
        let error: String?

        init(_ json: [String: Any]) {
            id = json["id"] as? String ?? "?"
            input = json["input"] as? String ?? ""
            hasLoneSurrogate = json["inputHasLoneSurrogate"] as? Bool ?? false
            tokens = (json["tokens"] as? [[String: Any]] ?? []).map { token in
                token.mapValues { "\($0)" }
            }
            if let error = json["error"] as? [String: Any],
               let location = (error["locations"] as? [[String: Int]])?.first {
                self.error = "\(error["message"] ?? "") @\(location["line"] ?? 0):\(location["column"] ?? 0)"
            } else {
                self.error = nil
            }
        }

        var testDescription: String { id }
    }

    @Test func corpusIsComplete() {
        #expect(Self.cases.count == 157)
    }

    @Test(arguments: cases)
    func lexCase(_ testCase: LexCase) throws {
        // Swift strings cannot hold lone surrogates (they are not Unicode scalar values), so inputs with
        // them cannot reach the lexer as UTF-8 at all: those cases are skipped.
        guard !testCase.hasLoneSurrogate else { return }
        let source = Source(testCase.input)
        var produced: [[String: String]] = [["kind": "<SOF>", "start": "0", "end": "0", "line": "0", "column": "0"]]
        var failure: String? = nil
        Lexer.withLexer(source) { lexer in
            do {
                while true {
                    let token = try lexer.nextToken(includingComments: true)
                    let location = source.location(ofByte: token.start)
                    var entry = ["kind": token.kind.description,
                                 "start": "\(source.utf16Offset(ofByte: token.start))",
                                 "end": "\(source.utf16Offset(ofByte: token.end))",
                                 "line": "\(location.line)", "column": "\(location.column)"]
                    if let value = lexer.value(of: token) { entry["value"] = value }
                    produced.append(entry)
                    if token.kind == .endOfFile { break }
                }
            } catch let error as SyntaxError {
                failure = "\(error.message) @\(error.location.line):\(error.location.column)"
            } catch {
                failure = "unexpected error \(error)"
            }
        }
        #expect(failure == testCase.error)
        if testCase.error == nil {
            #expect(produced == testCase.tokens)
        } else {
            // graphql-js records the tokens read before the error; they must match too.
            #expect(Array(produced.prefix(testCase.tokens.count)) == testCase.tokens)
        }
    }
}
