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
            let length = Int.random(in: 0...48, using: &generator)
            var bytes: [UInt8] = [UInt8(ascii: "{")]
            for _ in 0..<length {
                bytes.append(Bool.random(using: &generator)
                    ? Self.alphabet.randomElement(using: &generator)!
                    : UInt8.random(in: 0...255, using: &generator))
            }
            Self.check(bytes, &outcome)
        }
        #expect(outcome.accepted + outcome.rejected == 50_000)
        #expect(outcome.rejected > 0)
    }

    @Test func mutationsOfAConfiguration() {
        var generator = SeededGenerator(state: 0xC0F1_0002)
        var outcome = Outcome()
        for _ in 0..<50_000 {
            var bytes = Self.seed
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0...bytes.count, using: &generator)
                switch Int.random(in: 0..<5, using: &generator) {
                case 0 where position < bytes.count: bytes.remove(at: position)
                case 1: bytes.insert(Self.alphabet.randomElement(using: &generator)!, at: position)
                case 2 where position < bytes.count: bytes[position] = UInt8.random(in: 0...255, using: &generator)
                case 3: bytes.insert(contentsOf: Array(repeating: UInt8(ascii: "["), count: Int.random(in: 1...300, using: &generator)), at: position)
                default:
                    let other = Int.random(in: 0...bytes.count, using: &generator)
                    let range = min(position, other)..<max(position, other)
                    bytes.insert(contentsOf: bytes[range], at: range.upperBound)
                }
            }
            Self.check(bytes, &outcome)
        }
        #expect(outcome.accepted + outcome.rejected == 50_000)
        #expect(outcome.accepted > 0 && outcome.rejected > 0)
    }

    @Test func theSeedIsAValidConfiguration() throws {
        _ = try GraftConfiguration.parse(String(decoding: Self.seed, as: UTF8.self), path: "graft.json")
    }
}
