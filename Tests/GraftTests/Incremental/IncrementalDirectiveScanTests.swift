import Testing
@testable import Graft

/// Whether a document asks for incremental delivery: `@defer` or `@stream` as a whole directive
/// name, anywhere in the text, at its very end, never a longer name or a bare name.
@Suite struct IncrementalDirectiveScanTests {
    @Test(arguments: [
        ("query { a ...F @defer }", true),
        ("query { list @stream(initialCount: 1) }", true),
        ("query { a ...F @defer", true),
        ("query{a@defer}", true),
        ("@defer", true),
        ("query { a @deferred b @streams }", false),
        ("query { defer stream }", false),
        ("query { a @ defer }", false),
        ("@defe", false),
        ("@", false),
        ("", false),
        ("query { title(lang: \"é\") @skip(if: true) other @defer(label: \"x\") }", true),
        ("query { title(lang: \"é\") @skip(if: true) }", false),
    ])
    func directiveNames(text: String, uses: Bool) {
        #expect(OperationDocument(operationIdentifier: nil, definition: text).usesIncrementalDelivery == uses)
    }

    @Test func anIdentifierOnlyDocumentHasNoTextToLookAt() {
        #expect(!OperationDocument(operationIdentifier: "abc", definition: nil).usesIncrementalDelivery)
    }
}
