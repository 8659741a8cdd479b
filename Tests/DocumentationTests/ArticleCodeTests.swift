import Foundation
import GraftTestSupport
import Testing

/// The Swift in the documentation catalog's articles compiles against the public API: every
/// ```` ```swift ```` block, each as a file of its own, in one `swiftc -typecheck` run
/// (``ArticleCompiler``). A block that must not be compiled says why on its first line,
/// `// docs: not compiled (<reason>)`.
@Suite(.loadsTheMachine) struct ArticleCodeTests {
    @Test func everySwiftBlockOfTheArticlesTypechecks() async throws {
        let blocks = try ArticleCompiler.catalogBlocks()
        let malformed = blocks.filter(\.hasMalformedMarker).map { "\($0.article):\($0.line - 1)" }
        #expect(malformed.isEmpty, "a `// docs:` first line that is not `// docs: not compiled (<reason>)`: \(malformed)")
        let compiled = blocks.filter { $0.skipReason == nil }
        let skipped = blocks.filter { $0.skipReason != nil }
        #expect(compiled.count >= 20, "only \(compiled.count) Swift blocks in \(ArticleCompiler.catalog)")
        let run = try await ArticleCompiler.typecheck(compiled)
        #expect(run.status == 0, "the articles' Swift does not compile:\n\(run.output)")
        print("\(compiled.count) Swift blocks of the articles typecheck; \(skipped.count) not compiled: "
              + skipped.map { "\($0.article):\($0.line) (\($0.skipReason!))" }.joined(separator: ", "))
    }

    /// The check can fail: of two blocks, the one calling an initializer that does not exist makes
    /// the run fail with a message at its article line, and the other is not blamed.
    @Test func aBlockThatNoLongerCompilesFailsTheRunAtItsArticleLine() async throws {
        let article = """
        # Broken

        ```swift
        import Graft

        let options = RequestOptions(timeout: .seconds(5))
        print(options.timeout as Any)
        ```

        ```swift
        import Graft

        let options = RequestOptions(timeout: .seconds(5), retries: 3)
        ```
        """
        let blocks = ArticleCodeBlock.blocks(in: article, article: "Broken.md")
        try #require(blocks.count == 2)
        let run = try await ArticleCompiler.typecheck(blocks)
        #expect(run.status != 0)
        #expect(run.output.contains("Broken.md:13:"), "\(run.output)")
        #expect(!run.output.contains("Broken.md:6:"), "\(run.output)")
    }

    @Test func aBlockBecomesImportsATypeNamespaceAMainActorBodyAndFileScopeExtensions() {
        let block = ArticleCodeBlock(article: "A.md", line: 10, lines: [
            "import Graft",
            "",
            "// A type of the block.",
            "struct Refreshed: Decodable {",
            "    let accessToken: String",
            "}",
            "let label = \"Bearer \\(\"{\")\"",
            "extension Refreshed {",
            "    var header: String { \"Bearer \" + accessToken }",
            "}",
            "@MainActor",
            "final class Box {}",
            "print(label)",
        ])
        let file = block.swiftFile(namespace: "DocBlock_A_0")
        let code = file.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .filter { !$0.hasPrefix("#sourceLocation") }.map(String.init)
        #expect(code == [
            "import Graft",
            "enum DocBlock_A_0 {",
            "",
            "// A type of the block.",
            "struct Refreshed: Decodable {",
            "    let accessToken: String",
            "}",
            "@MainActor",
            "final class Box {}",
            "@MainActor static func run() async throws {",
            "let label = \"Bearer \\(\"{\")\"",
            "print(label)",
            "}",
            "}",
            "extension Refreshed {",
            "    var header: String { \"Bearer \" + accessToken }",
            "}",
        ])
        #expect(file.contains("#sourceLocation(file: \"A.md\", line: 17)\nextension Refreshed {"))
    }

    @Test func theNotCompiledMarkerNeedsAReason() {
        func block(_ first: String) -> ArticleCodeBlock { ArticleCodeBlock(article: "A.md", line: 1, lines: [first, "import SwiftUI"]) }
        #expect(block("// docs: not compiled (SwiftUI needs an Apple SDK)").skipReason == "SwiftUI needs an Apple SDK")
        #expect(block("// docs: not compiled ()").skipReason == nil)
        #expect(block("// docs: not compiled ()").hasMalformedMarker)
        #expect(block("// docs: skip").hasMalformedMarker)
        #expect(!block("import Graft").hasMalformedMarker)
    }

    @Test func blocksAreFoundWithTheirLinesAndIndentationRemoved() {
        let text = "# T\n\n- A list item:\n\n  ```swift\n  import Graft\n  ```\n\n```json\n{\"a\": 1}\n```\n\n```swift\nlet x = 1\n```\n"
        let blocks = ArticleCodeBlock.blocks(in: text, article: "T.md")
        #expect(blocks.map(\.line) == [6, 14])
        #expect(blocks.map(\.lines) == [["import Graft"], ["let x = 1"]])
    }
}
