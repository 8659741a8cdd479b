import GraftCodegen
import GraftTestSupport
import Testing

/// Fuzzing `graft.json` with a fixed seed: 100,000 random and mutated inputs never crash the
/// reader; every one ends in a configuration or an error with a position and a short message.
@Suite struct ConfigParserFuzzTests {
    /// A configuration using every key, comments and escapes.
    static let seed = Array("""
    // c
    {"schema": ["S", "T.graphqls"], "operations": "Ops", "output": "Out\\u00e9\\n", "namespace": null,
     "accessLevel": "internal", "customScalars": {"Date": "D"}, "keyFields": {"U": ["id"], "C": "a b"},
     "operationDocument": "both", "persistedQueryManifest": "m.json"}
    """.utf8)

    /// Interesting bytes: JSON punctuation, quotes, escapes, digits, comments, line breaks, UTF-8 pieces.
    static let alphabet: [UInt8] = Array("{}[]:,\"\\/ntrfu0123456789-+.eE \n\r\tabc".utf8) + [0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80, 0x00, 0xFF]

    struct Outcome {
        var accepted = 0
        var rejected = 0
    }

    static func check(_ bytes: [UInt8], _ outcome: inout Outcome) {
        do {
            _ = try GraftConfiguration.parse(String(decoding: bytes, as: UTF8.self), path: "graft.json")
            outcome.accepted += 1
        } catch {
            outcome.rejected += 1
            if error.line < 1 || error.column < 1 || error.message.isEmpty || error.message.utf8.count > 1_010 {
                Issue.record("bad error \(error) for input \(bytes)")
            }
        }
    }

    @Test func randomByteStrings() {
        var generator = SeededGenerator(state: 0xC0F1_0001)
        var outcome = Outcome()
        for _ in 0..<50_000 {
            Self.check(generator.bytes(upTo: 48, from: Self.alphabet, after: [UInt8(ascii: "{")]), &outcome)
        }
        #expect(outcome.accepted + outcome.rejected == 50_000)
        #expect(outcome.rejected > 0)
    }

    @Test func mutationsOfAConfiguration() {
        var generator = SeededGenerator(state: 0xC0F1_0002)
        var outcome = Outcome()
        for _ in 0..<50_000 {
            var bytes = Self.seed
            generator.mutate(&bytes, alphabet: Self.alphabet, extra: [{ bytes, position, generator in
                // Deep nesting: a run of up to 300 opening brackets.
                bytes.insert(contentsOf: Array(repeating: UInt8(ascii: "["), count: Int.random(in: 1...300, using: &generator)),
                             at: position)
            }])
            Self.check(bytes, &outcome)
        }
        #expect(outcome.accepted + outcome.rejected == 50_000)
        #expect(outcome.accepted > 0 && outcome.rejected > 0)
    }

    @Test func theSeedIsAValidConfiguration() throws {
        _ = try GraftConfiguration.parse(String(decoding: Self.seed, as: UTF8.self), path: "graft.json")
    }
}
