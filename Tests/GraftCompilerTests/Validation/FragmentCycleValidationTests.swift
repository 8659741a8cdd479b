import GraftCompiler
import GraftLanguage
import Testing

/// Documents whose fragments spread themselves, directly, through fields or through other
/// fragments, are rejected with errors and never exhaust the stack or take exponential time; nor
/// does a long chain of fragments. graphql-js 16.6 throws `RangeError: Maximum call stack size exceeded` on the first
/// document below (found by coverage-guided fuzzing, `Scripts/fuzz/run.sh ir`).
@Suite struct FragmentCycleValidationTests {
    static let schema = try! SchemaBuilder.build(sdl: [Source("""
        type Query { dog: Dog }
        type Dog { name: String nickname: String friend: Dog }
        """, name: "schema.graphqls")])

    static func messages(_ text: String) throws -> [String] {
        let source = Source(text, name: "cycle.graphql")
        return Validator(schema: schema).validate(try parse(source), source: source).map(\.message)
    }

    @Test func aFragmentSpreadInsideAFieldOfItselfAndOfAnInlineFragment() throws {
        let messages = try Self.messages("fragment F on Dog { friend { ...F ... { friend { ...F } } } }")
        #expect(messages == [
            "Cannot spread fragment \"F\" within itself.", "Cannot spread fragment \"F\" within itself.", "Fragment \"F\" is never used.",
        ])
    }

    @Test func theSameThroughTwoFragmentsInAnOperation() throws {
        let messages = try Self.messages("""
            { dog { ...A } }
            fragment A on Dog { friend { ...B ... on Dog { friend { ...A } } } }
            fragment B on Dog { friend { ...A name } }
            """)
        #expect(messages.contains("Cannot spread fragment \"A\" within itself via \"B\"."))
    }

    @Test func aFragmentOnACycleIsLeftOutOfFieldComparisonsUntilTheCycleIsGone() throws {
        // Its fields conflict with the operation's, which is reported once the cycle is broken.
        let cyclic = try Self.messages("""
            { dog { ...A name: nickname } }
            fragment A on Dog { name friend { ...A ... { friend { ...A } } } }
            """)
        #expect(cyclic == ["Cannot spread fragment \"A\" within itself.", "Cannot spread fragment \"A\" within itself."])
        let broken = try Self.messages("""
            { dog { ...A name: nickname } }
            fragment A on Dog { name friend { name ... { friend { name } } } }
            """)
        #expect(broken == ["Fields \"name\" conflict because \"nickname\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional."])
    }

    /// Two chains of `depth` fragments, each nesting `friend` in the next: the two `dog` fields
    /// overlap `depth` levels deep.
    static func overlappingChains(depth: Int) -> String {
        var text = "{ dog { ...F0 } dog { ...G0 } }\n"
        for prefix in ["F", "G"] {
            for index in 0..<depth { text += "fragment \(prefix)\(index) on Dog { friend { ...\(prefix)\(index + 1) } }\n" }
            text += "fragment \(prefix)\(depth) on Dog { name }\n"
        }
        return text
    }

    @Test func overlappingFieldsNestedDeeperThanTheLimitThroughFragmentsAreAnError() throws {
        #expect(try Self.messages(Self.overlappingChains(depth: 300)) == [
            "Fields in this selection set overlap more than 256 levels deep through fragment spreads; Graft does not compare them further. Spread fewer fragments within each other.",
        ])
        #expect(try Self.messages(Self.overlappingChains(depth: 200)).isEmpty)
    }

    @Test func aChainOf10000Fragments() throws {
        var text = "{ dog { ...F0 } }\n"
        for index in 0..<10_000 { text += "fragment F\(index) on Dog { name ...F\(index + 1) }\n" }
        text += "fragment F10000 on Dog { name: nickname }\n"
        let messages = try Self.messages(text)
        #expect(messages.contains { $0.hasPrefix("Fields \"name\" conflict because \"name\" and \"nickname\" are different fields.") })
    }
}
