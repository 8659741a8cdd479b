import Foundation
import GraftTestSupport
import Testing
@testable import GraftLanguage

/// The printer against graphql-js 16.6's `print()` (expectations in Expected/print-expected.json,
/// written by Scripts/print-oracle.js), and print/parse round trips on the corpora.
@Suite struct PrinterTests {
    static let packageTests = Repository.url("Tests/GraftLanguageTests")

    static let inputs: [String: String] = {
        guard let data = try? Data(contentsOf: packageTests.appendingPathComponent("Fixtures/print-inputs.json")) else { return [:] }
        return (try? JSONSerialization.jsonObject(with: data) as? [String: String]) ?? [:]
    }()

    static let expected: [String: String] = {
        guard let data = try? Data(contentsOf: packageTests.appendingPathComponent("Expected/print-expected.json")) else { return [:] }
        return (try? JSONSerialization.jsonObject(with: data) as? [String: String]) ?? [:]
    }()

    @Test func expectationsAreLoaded() {
        #expect(Self.inputs.count >= 19)
        #expect(Self.expected.count == Self.inputs.count + 2)
    }

    @Test(arguments: inputs.keys.sorted())
    func printsLikeGraphQLJS(_ name: String) throws {
        let document = try parse(Self.inputs[name] ?? "")
        #expect(Printer.print(document) == Self.expected[name])
    }

    @Test(.requiresCorpora("printing graphql-js's kitchen sinks (PrinterTests)"),
          arguments: ["graphql-js/kitchen-sink-query.v16.6.0.graphql", "graphql-js/kitchen-sink-sdl.v16.6.0.graphql"])
    func printsKitchenSinkLikeGraphQLJS(_ file: String) throws {
        let document = try parse(Source(try Corpus.text(file), name: file))
        #expect(Printer.print(document) == Self.expected[file])
    }

    @Test(.requiresCorpora("print/parse round trips of the corpora (PrinterTests)"), arguments: Corpus.documents)
    func roundTripIsStable(_ file: String) throws {
        let printed = Printer.print(try parse(Source(try Corpus.text(file), name: file)))
        let reprinted = Printer.print(try parse(Source(printed, name: file)))
        #expect(reprinted == printed)
    }

    @Test func printsTheSeptember2025DescriptionsOnExecutableDefinitions() throws {
        let text = "\"Query description\"\nquery Q(\"variable\" $a: Int) { f }\n\"\"\"Fragment\"\"\" fragment F on T { a }"
        let printed = Printer.print(try parse(text))
        #expect(printed == """
        "Query description"
        query Q("variable"
        $a: Int) {
          f
        }

        \"\"\"Fragment\"\"\"
        fragment F on T {
          a
        }
        """)
        #expect(Printer.print(try parse(printed)) == printed)
    }
}
