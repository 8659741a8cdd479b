import GraftCodegen
import Testing

/// Hostile `graft.json` (the build plugin reads it on every build): deep nesting is a positioned
/// error instead of a stack overflow, a long line reads in linear time, messages stay short.
@Suite struct ConfigParserLimitTests {
    static func error(_ text: String) -> ConfigurationError? {
        do {
            _ = try GraftConfiguration.parse(text, path: "graft.json")
            return nil
        } catch {
            return error
        }
    }

    /// The first line of the error for `text` (the source line and caret follow it).
    static func headline(_ text: String) -> String? {
        error(text).map { String($0.description.prefix { $0 != "\n" }) }
    }

    @Test func deepNestingIsAnErrorAtTheFirstBracketTooMany() {
        let arrays = String(repeating: "[", count: 100_000)
        #expect(Self.headline(arrays) == "graft.json:1:257: error: arrays and objects are nested more than 256 levels deep")
        let objects = "{\"schema\": " + String(repeating: "{\"a\": ", count: 100_000)
        #expect(Self.headline(objects) == "graft.json:1:\(11 + 255 * 6 + 1): error: arrays and objects are nested more than 256 levels deep")
        // The source line shown under it is clipped around the column, however long the line.
        #expect((Self.error(arrays)?.description.utf8.count ?? .max) < 1_000)
    }

    @Test func nestingUpToTheLimitParses() {
        let nested = String(repeating: "[", count: 254) + String(repeating: "]", count: 254)
        // 256 levels with the two objects around: the value is read, then rejected for its type.
        #expect(Self.error("{\"keyFields\": {\"T\": \(nested)}}")?.message == "'keyFields.T' must hold strings, found an array")
    }

    /// One line with 200,000 items: linear time. Timed against a tenth of the input, so a busy
    /// machine slows both alike; recomputing the column per value (quadratic) is ~100 times slower.
    @Test func aLongLineParsesInLinearTime() throws {
        func config(_ count: Int) -> String {
            "{\"schema\": [" + Array(repeating: "\"a.graphqls\"", count: count).joined(separator: ", ") + "]}"
        }
        let (small, large) = (config(20_000), config(200_000))
        func time(_ text: String) throws -> Duration {
            var best = Duration.seconds(1_000)
            for _ in 0..<3 {
                let start = ContinuousClock.now
                let configuration = try GraftConfiguration.parse(text, path: "graft.json")
                best = min(best, ContinuousClock.now - start)
                #expect(configuration.schemaPaths.count == (text.utf8.count > 1_000_000 ? 200_000 : 20_000))
            }
            return best
        }
        let (smallTime, largeTime) = (try time(small), try time(large))
        #expect(largeTime < smallTime * 30 + .milliseconds(500), "20,000 items: \(smallTime), 200,000 items: \(largeTime)")
        #expect(largeTime < .seconds(10), "200,000 items: \(largeTime)")
    }

    @Test func anErrorAtTheEndOfALongLineHasItsColumn() {
        let items = Array(repeating: "\"é\"", count: 50_000).joined(separator: ",")
        // "é" is one UTF-16 code unit (two UTF-8 bytes); "😀" two code units (four bytes).
        // `{"schema": [` is 12 columns, each `"é"` 3 and a comma between, then `] ` and the `x`.
        #expect(Self.error("{\"schema\": [\(items)] x}")?.column == 12 + 50_000 * 4 - 1 + 2 + 1)
        #expect(Self.error("{\"schema\": \"😀\" x}")?.column == 17)
    }

    @Test func anUnterminatedStringPointsAtItsQuote() {
        let huge = "{\"schema\": \"" + String(repeating: "a", count: 1_000_000)
        #expect(Self.headline(huge) == "graft.json:1:12: error: unterminated string")
        #expect((Self.error(huge)?.description.utf8.count ?? .max) < 1_000)
        #expect(Self.error("{\n  \"output\": \"Out\n\"}")?.description == "graft.json:2:13: error: unterminated string\n  \"output\": \"Out\n            ^")
    }

    @Test func messagesQuoteAtMostAFewHundredCharacters() throws {
        let key = String(repeating: "k", count: 1_000_000)
        let missingColon = try #require(Self.error("{\"\(key)\" 1}"))
        #expect(missingColon.message == "expected ':' after key \"\(String(repeating: "k", count: 80))…\"")
        let unknown = try #require(Self.error("{\"\(key)\": 1}"))
        #expect(unknown.message.hasPrefix("unknown key 'kkk"))
        #expect(unknown.message.utf8.count <= 1_010)
        let namespace = try #require(Self.error("{\"namespace\": \"a \(key)\"}"))
        #expect(namespace.message.utf8.count <= 1_010)
    }
}
