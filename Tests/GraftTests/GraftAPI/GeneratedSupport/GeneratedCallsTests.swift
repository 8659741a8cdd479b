@_spi(Generated) import GraftAPI
import Testing

/// The calls generated code makes instead of a one-entry dictionary literal (cheaper to compile)
/// give what the literal gave.
@Suite struct GeneratedCallsTests {
    @Test func aFieldWithOneArgumentIsTheFieldWithThatDictionary() throws {
        guard case .field(let one) = Selection.field("hero", String?.self, argument: "episode", .variable("episode")),
              case .field(let literal) = Selection.field("hero", String?.self, arguments: ["episode": .variable("episode")]) else {
            Issue.record("not fields")
            return
        }
        #expect(one.responseKey == "hero")
        #expect(one.name == literal.name)
        #expect(one.arguments == literal.arguments)
        #expect(one.arguments == ["episode": .variable("episode")])
        #expect(one.conditions == literal.conditions)
        #expect(String(describing: one.type) == String(describing: literal.type))
    }

    @Test func oneVariableIsTheDictionaryOfThatVariable() throws {
        let variables: [String: any InputValueConvertible] = .__variable("episode", GraphQLNullable<String>.some("JEDI"))
        #expect(variables.count == 1)
        let value = try #require(variables["episode"])
        #expect(value.__inputValue == .value(.string("JEDI")))
        #expect(InputValue.encode(variables) == ["episode": .string("JEDI")])
        let absent: [String: any InputValueConvertible] = .__variable("episode", GraphQLNullable<String>.absent)
        #expect(InputValue.encode(absent) == [:])
    }
}
