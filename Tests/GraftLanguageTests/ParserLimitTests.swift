import GraftTestSupport
import Testing
@testable import GraftLanguage

/// Hostile input becomes syntax errors, never crashes: deep nesting and token floods.
@Suite struct ParserLimitTests {
    @Test(arguments: ["{", "["])
    func hundredThousandOpenersAreAnError(_ opener: String) {
        #expect(throws: SyntaxError.self) { try parse(String(repeating: opener, count: 100_000)) }
    }

    @Test(arguments: ["{ a ", "{ f(a: [", "{ f(a: {b: ["])
    func deepNestingIsAnError(_ opener: String) {
        let text = opener + String(repeating: opener.hasSuffix("[") ? "[" : opener, count: 100_000)
        do {
            _ = try parse(text)
        } catch {
            #expect(error.message.contains("nested deeper than 256 levels"))
        }
    }

    @Test func deepListTypeIsAnError() {
        let text = "query Q($a: " + String(repeating: "[", count: 100_000) + "Int" + String(repeating: "]", count: 100_000) + ") { f }"
        #expect(throws: SyntaxError.self) { try parse(text) }
    }

    @Test func nestingUpToTheLimitParses() throws {
        let depth = 200
        let text = String(repeating: "{ a ", count: depth) + String(repeating: "}", count: depth)
        let document = try parse(text)
        #expect(document.definitions.count == 1)
    }

    @Test func configurableDepth() {
        var options = ParseOptions()
        options.maxDepth = 3
        #expect(throws: SyntaxError.self) { try parse(Source("{ a { b { c { d } } } }"), options: options) }
        #expect(throws: Never.self) { try parse(Source("{ a { b { c } } }"), options: options) }
    }

    @Test func tokenLimit() {
        var options = ParseOptions()
        options.maxTokens = 1000
        let text = "{ " + String(repeating: "a ", count: 2000) + "}"
        do {
            _ = try parse(Source(text), options: options)
            Issue.record("expected the token limit to stop parsing")
        } catch {
            #expect(error.message == "Syntax Error: Document contains more that 1000 tokens. Parsing aborted.")
        }
    }

    /// graphql-js counts every token but the end of file: a document of exactly `maxTokens` tokens
    /// parses, one more fails at that token.
    @Test func tokenLimitIsExact() throws {
        var options = ParseOptions()
        options.maxTokens = 5
        _ = try parse(Source("{ a b c }"), options: options)
        do {
            _ = try parse(Source("{ a b c d }"), options: options)
            Issue.record("expected the token limit to stop parsing")
        } catch {
            #expect(error.message == "Syntax Error: Document contains more that 5 tokens. Parsing aborted.")
            #expect(error.byteOffset == 10)
        }
        options.maxTokens = 0
        #expect(throws: SyntaxError.self) { try parse(Source("{ a }"), options: options) }
    }

    @Test(.requiresCorpora("parsing the GitHub schema with the default limits (ParserLimitTests)"))
    func defaultLimitsAcceptTheGitHubSchema() throws {
        let file = "schemas/github/schema-2024-07-08-503d8f1.graphql"
        let document = try parse(Source(try Corpus.text(file), name: file))
        #expect(document.definitions.count > 1000)
    }
}
