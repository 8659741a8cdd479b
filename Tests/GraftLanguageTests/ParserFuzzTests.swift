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
            let length = Int.random(in: 0...48, using: &generator)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(length)
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
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0...bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0 where position < bytes.count: bytes.remove(at: position)
                case 1: bytes.insert(Self.alphabet.randomElement(using: &generator)!, at: position)
                case 2 where position < bytes.count: bytes[position] = UInt8.random(in: 0...255, using: &generator)
                default:
                    let other = Int.random(in: 0...bytes.count, using: &generator)
                    let range = min(position, other)..<max(position, other)
                    bytes.insert(contentsOf: bytes[range], at: range.upperBound)
                }
            }
            Self.check(bytes, &outcome)
        }
        #expect(outcome.accepted + outcome.rejected == 50_000)
        #expect(outcome.accepted > 0)
    }
}
