import GraftTestSupport
import Testing
@testable import GraftLanguage

/// Fuzzing with a fixed seed: random byte strings and random mutations of the corpora never crash
/// the parser; every input ends in a document or a syntax error with a valid position, and every
/// accepted document prints to text that parses to the same printed form.
@Suite struct ParserFuzzTests {
    static let seeds = [
        "graphql-js/kitchen-sink-query.v16.6.0.graphql",
        "graphql-js/kitchen-sink-sdl.v16.6.0.graphql",
        "graphql-js/validation-harness-schema.graphql",
    ].compactMap { try? Array(Corpus.text($0).utf8) }

    /// Interesting bytes: GraphQL punctuators, quotes, escapes, digits, line breaks, UTF-8 pieces.
    static let alphabet: [UInt8] = Array("{}()[]:=@$!&|.\"\\#,\n\r\t aZ_09-+eE.u".utf8) + [0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80, 0xEF, 0xBB, 0xBF, 0x00, 0x7F]

    struct Outcome {
        var accepted = 0
        var rejected = 0
    }

    static func check(_ bytes: [UInt8], _ outcome: inout Outcome) {
        let source = Source(bytes: bytes, name: "fuzz")
        do {
            let document = try parse(source)
            outcome.accepted += 1
            let printed = Printer.print(document)
            do {
                let reprinted = Printer.print(try parse(Source(printed)))
                #expect(reprinted == printed, "print is not stable for input \(bytes)")
            } catch {
                Issue.record("printed form does not parse: \(error) for input \(bytes)")
            }
        } catch {
            outcome.rejected += 1
            if error.location.line < 1 || error.location.column < 1 || error.byteOffset > source.bytes.count {
                Issue.record("bad error position \(error.location) for input \(bytes)")
            }
        }
    }

    @Test func randomByteStrings() {
        var generator = SeededGenerator(state: 0x5EED_0001)
        var outcome = Outcome()
        for _ in 0..<50_000 {
            let bytes = generator.bytes(upTo: 48, from: Self.alphabet)
            Self.check(bytes, &outcome)
        }
        #expect(outcome.accepted + outcome.rejected == 50_000)
        #expect(outcome.rejected > 0)
    }

    @Test(.requiresCorpora("the fuzz test's mutations of the corpora (ParserFuzzTests.mutationsOfTheCorpora)"))
    func mutationsOfTheCorpora() {
        #expect(Self.seeds.count == 3)
        var generator = SeededGenerator(state: 0x5EED_0002)
        var outcome = Outcome()
        for iteration in 0..<50_000 {
            let seed = Self.seeds[iteration % Self.seeds.count]
            // Work on a window of the seed so each input stays small and the test fast.
            let start = Int.random(in: 0..<max(1, seed.count - 400), using: &generator)
            var bytes = Array(seed[start..<min(seed.count, start + Int.random(in: 1...400, using: &generator))])
            generator.mutate(&bytes, alphabet: Self.alphabet)
            Self.check(bytes, &outcome)
        }
        #expect(outcome.accepted + outcome.rejected == 50_000)
        #expect(outcome.accepted > 0)
    }
}
