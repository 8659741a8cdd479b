import Foundation
import GraftTestSupport
import Testing

/// `graft print`, help and usage errors, run as a real process.
@Suite struct PrintCommandTests {
    @Test func printsCanonicalForm() async throws {
        let path = try GraftTool.temporaryFile("query   Q($a:Int=1){ hero(id:$a){name ...F} }  fragment F on Hero{id}")
        let result = try await GraftTool.run(["print", path])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput == """
        query Q($a: Int = 1) {
          hero(id: $a) {
            name
            ...F
          }
        }

        fragment F on Hero {
          id
        }

        """)
    }

    @Test func syntaxErrorGoesToStandardErrorWithExitStatusOne() async throws {
        let path = try GraftTool.temporaryFile("query Q {\n  hero(id: 1 {\n}\n", name: "Broken.graphql")
        let result = try await GraftTool.run(["print", path])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == """
        \(path):2:14: error: Syntax Error: Expected Name, found "{".
          hero(id: 1 {
                     ^

        """)
    }

    @Test func missingFileIsAnError() async throws {
        let result = try await GraftTool.run(["print", "/nonexistent/file.graphql"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("/nonexistent/file.graphql: error: cannot read file"))
    }

    @Test func helpExplainsUsage() async throws {
        let general = try await GraftTool.run(["--help"])
        #expect(general.status == 0)
        #expect(general.standardOutput.contains("USAGE: graft <command>"))
        #expect(general.standardOutput.contains("print"))
        let printHelp = try await GraftTool.run(["help", "print"])
        #expect(printHelp.status == 0)
        #expect(printHelp.standardOutput.hasPrefix("USAGE: graft print [--max-tokens N] FILE..."))
    }

    @Test func unknownFlagGivesOneLineErrorAndUsage() async throws {
        let result = try await GraftTool.run(["print", "--frobnicate", "x.graphql"])
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "error: unknown option '--frobnicate'")
        #expect(result.standardError.contains("USAGE: graft print [--max-tokens N] FILE..."))
    }

    @Test func unknownCommandIsAnError() async throws {
        let result = try await GraftTool.run(["frobnicate"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("error: unknown command 'frobnicate'"))
    }

    @Test(.requiresCorpora("printing GitHub's schema twice (PrintCommandTests)"))
    func printsGitHubsSchemaIdempotently() async throws {
        let path = Corpora.url("schemas/github/schema-2024-07-08-503d8f1.graphql").path
        let first = try await GraftTool.run(["print", path])
        #expect(first.status == 0)
        let printed = try GraftTool.temporaryFile(first.standardOutput)
        let second = try await GraftTool.run(["print", printed])
        #expect(second.standardOutput == first.standardOutput)
    }
}
