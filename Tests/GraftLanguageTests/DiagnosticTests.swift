import Testing
@testable import GraftLanguage

/// Syntax errors render as `path:line:column: error: message`, the source line and a caret,
/// with columns in UTF-16 code units.
@Suite struct DiagnosticTests {
    @Test func rendersPathLineColumnAndCaret() {
        do {
            _ = try parse(Source("query Q {\n  hero(id: 1 {\n}", name: "Operations/Hero.graphql"))
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.description == """
            Operations/Hero.graphql:2:14: error: Syntax Error: Expected Name, found "{".
              hero(id: 1 {
                         ^
            """)
        }
    }

    @Test func columnsCountUTF16CodeUnits() {
        do {
            _ = try parse(Source("{ f(a: \"😀\") ~ }", name: "x.graphql"))
            Issue.record("expected a syntax error")
        } catch {
            // 😀 is four UTF-8 bytes, two UTF-16 code units and one scalar: the "~" is at byte
            // offset 15 and UTF-16 column 14 (13 if counted in scalars, 16 in bytes).
            #expect(error.location.column == 14)
            #expect(error.byteOffset == 15)
            #expect(error.description.hasPrefix("x.graphql:1:14: error: Syntax Error: Unexpected character: \"~\"."))
        }
    }

    @Test func carriageReturnsEndLines() {
        do {
            _ = try parse(Source("{\r\n a\r b\r\n ? }", name: "x.graphql"))
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.location.line == 4)
            #expect(error.location.column == 2)
        }
    }
}

/// Long lines and long messages are clipped when rendered.
@Suite struct DiagnosticClippingTests {
    @Test func aLongLineIsShownAroundTheColumn() {
        let line = String(repeating: "a", count: 1_000) + "X" + String(repeating: "b", count: 1_000)
        let rendered = Diagnostic(message: "m", sourceName: "f", location: SourceLocation(line: 1, column: 1_001, utf16Offset: 1_000),
                                  lineText: line).rendered
        let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 3)
        #expect(lines[1] == "…" + String(repeating: "a", count: 80) + "X" + String(repeating: "b", count: 79) + "…")
        // The caret is under the X.
        #expect(lines[2].count == 82 && lines[2].hasSuffix("^"))
        #expect(Array(lines[1])[lines[2].count - 1] == "X")
    }

    @Test func aShortLineIsShownWhole() {
        let rendered = Diagnostic(message: "m", sourceName: "f", location: SourceLocation(line: 1, column: 3, utf16Offset: 2),
                                  lineText: "\tab").rendered
        #expect(rendered == "f:1:3: error: m\n\tab\n\t ^")
    }

    @Test func aLongMessageIsClipped() {
        let rendered = Diagnostic(message: String(repeating: "m", count: 10_000), sourceName: "f", location: nil,
                                  lineText: nil).rendered
        #expect(rendered == "f: error: " + String(repeating: "m", count: 1_000) + "…")
    }
}
