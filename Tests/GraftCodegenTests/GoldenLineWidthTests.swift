import Foundation
import GraftCodegen
import GraftTestSupport
import Testing

/// No line of any golden file, nor of the code generated for the GitHub schema's operations in
/// Fixtures/GitHubWide, is wider than 160 columns (a tab counted as four) once string literals are
/// taken out: generated code stays readable in an editor and in review.
@Suite struct GoldenLineWidthTests {
    static let limit = 160

    /// The line with the contents of its `"…"` literals removed (escapes included).
    static func withoutStringLiterals(_ line: String) -> String {
        var result = ""
        var inLiteral = false
        var escaped = false
        for character in line {
            if inLiteral {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inLiteral = false
                    result.append(character)
                }
                continue
            }
            if character == "\"" { inLiteral = true }
            result.append(character)
        }
        return result
    }

    static func width(_ line: String) -> Int {
        withoutStringLiterals(line).reduce(0) { $0 + ($1 == "\t" ? 4 : 1) }
    }

    /// The widths of a file's lines, the contents of multi-line string literals (`"""` … `"""`)
    /// counted as empty.
    static func widths(_ text: String) -> [Int] {
        var inLiteral = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let line = String(line)
            if inLiteral {
                guard line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("\"\"\"") else { return 0 }
                inLiteral = false
                return width(String(line.drop(while: { $0 == " " || $0 == "\t" }).dropFirst(3)))
            }
            if line.hasSuffix("\"\"\"") {
                inLiteral = true
                return width(String(line.dropLast(3)))
            }
            return width(line)
        }
    }

    @Test func literalsAreLeftOutOfTheWidth() {
        #expect(Self.withoutStringLiterals(#"let a = "x\"y" + "z""#) == #"let a = "" + """#)
        #expect(Self.width("\tab") == 6)
        let wide = String(repeating: "x", count: 170)
        #expect(Self.widths("let a = \"\"\"\n\(wide)\n\"\"\"\n\(wide)") == [8, 0, 0, 170])
    }

    @Test func everyGoldenLineFits() throws {
        var files = 0
        var wide: [String] = []
        let root = TestPaths.golden.path
        for case let relative as String in FileManager.default.enumerator(atPath: root) ?? FileManager.DirectoryEnumerator()
        where relative.hasSuffix(".swift") {
            let text = try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
            guard text.hasPrefix(GeneratedFile.marker) else { continue }
            files += 1
            for (number, width) in Self.widths(text).enumerated() where width > Self.limit {
                wide.append("\(relative):\(number + 1) is \(width) columns")
            }
        }
        #expect(files > 100)
        #expect(wide == [])
    }

    /// The lines of `files` wider than the limit, as `path:line is N columns`; documentation
    /// lines are the schema's descriptions (a long link stays whole), like string literals.
    static func wideLines(_ files: [GeneratedFile]) -> [String] {
        files.flatMap { file in
            let lines = file.contents.split(separator: "\n", omittingEmptySubsequences: false)
            return widths(file.contents).enumerated()
                .filter { $0.element > limit && !lines[$0.offset].drop { $0 == "\t" }.hasPrefix("///") }
                .map { "\(file.path):\($0.offset + 1) is \($0.element) columns" }
        }
    }

    /// Type cases on unions and interfaces of up to 250 possible types, eleven fragments spread in
    /// one selection set (their type cases merged), fifteen variables, input objects, enums of 62
    /// cases and with deprecated ones: in both layouts (names qualified in the per-input-file one).
    @Test(.requiresCorpora("the GitHub schema (GoldenLineWidthTests)"), arguments: [false, true])
    func everyLineGeneratedForALargeSchemaFits(perInputFile: Bool) throws {
        let fixture = TestPaths.packageRoot.appendingPathComponent("Tests/GraftCodegenTests/Fixtures/GitHubWide").path
        let configuration = GraftConfiguration(schemaPaths: [Corpora.url("schemas/github/schema-2024-07-08-503d8f1.graphql").path],
                                               operationPaths: [fixture + "/Timeline.graphql"], output: "Generated",
                                               operationDocument: .both, testMocks: .init(output: "Mocks", module: "GitHubWide"))
        let result = CodeGenerator.run(configuration, layout: perInputFile ? .perInputFile : .perDefinition)
        #expect(result.errors.map(\.description) == [])
        let files = result.files + result.mockFiles
        #expect(files.count > 20)
        // The constructs are there: long possible-type lists, many fragments, many variables.
        let text = files.map(\.contents).joined()
        #expect(text.contains("\"UserBlockedEvent\""))
        #expect(text.contains("uniformResourceLocatableDetails"))
        #expect(text.contains("pullRequestTimelineItemTypes"))
        #expect(Self.wideLines(files) == [])
    }
}
