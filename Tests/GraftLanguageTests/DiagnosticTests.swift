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
