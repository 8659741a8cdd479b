import GraftCompiler
import GraftLanguage
import Testing

/// The IR merges selections, resolves type conditions and prints Apollo's one-line sources.
@Suite struct IRBuilderTests {
    static let sdl = """
    type Query { hero(episode: Episode): Character search(text: String): [SearchResult] node: Node }
    enum Episode { NEWHOPE EMPIRE JEDI }
    interface Node { id: ID! }
    interface Character implements Node { id: ID! name: String! friends: [Character] appearsIn: [Episode]! }
    type Human implements Character & Node { id: ID! name: String! friends: [Character] appearsIn: [Episode]! height: Float }
    type Droid implements Character & Node { id: ID! name: String! friends: [Character] appearsIn: [Episode]! primaryFunction: String }
    type Starship implements Node { id: ID! name: String! }
    union SearchResult = Human | Droid | Starship
    input ReviewInput { stars: Int! commentary: String color: ColorInput }
    input ColorInput { red: Int! }
    type Mutation { review(input: ReviewInput!): Int }
    """

    static func compile(_ text: String) throws -> IRDocument {
        let schema = try GeneratorDirectives.buildSchema(sdl: [Source(sdl, name: "schema.graphqls")])
        let source = Source(text, name: "ops.graphql")
        let document = try parse(source)
        let errors = Validator(schema: schema, rules: SpecifiedRules.codeGeneration).validate(document, source: source)
        #expect(errors.map(\.description) == [])
        return IRBuilder.compile(document, sources: DocumentSources(source), schema: schema)
    }

    @Test func mergesFieldsAndAlwaysMatchingInlineFragments() throws {
        let ir = try Self.compile("""
        query Q($x: Boolean!) { hero { name ... on Node { id } ... on Character { name friends { name } } friends { id }
          ... @include(if: $x) { appearsIn } } }
        """)
        let hero = try #require(ir.operations[0].selectionSet.field("hero")?.selectionSet)
        #expect(hero.fields.map(\.responseKey) == ["__typename", "name", "id", "friends", "appearsIn"])
        #expect(hero.field("friends")?.selectionSet?.fields.map(\.responseKey) == ["__typename", "name", "id"])
        #expect(hero.field("appearsIn")?.conditions == IRConditions([[.include("x")]]))
        #expect(hero.field("name")?.conditions.isAlways == true)
        #expect(hero.typeCases.isEmpty)
    }

    @Test func narrowerTypeConditionsBecomeTypeCases() throws {
        let ir = try Self.compile("""
        query Q { search(text: "a") { ... on Character { name ... on Droid { primaryFunction } } ... on Node { id } ... on Droid { id } } }
        """)
        let search = try #require(ir.operations[0].selectionSet.field("search")?.selectionSet)
        // Every member of SearchResult is a Node: `... on Node` is folded into the parent.
        #expect(search.fields.map(\.responseKey) == ["__typename", "id"])
        #expect(search.typeCases.map(\.typeCondition) == ["Character", "Droid"])
        #expect(search.typeCases[0].possibleTypes == ["Droid", "Human"])
        #expect(search.typeCases[0].selectionSet.typeCases.map(\.typeCondition) == ["Droid"])
        #expect(search.typeCases[1].possibleTypes == ["Droid"])
        #expect(search.typeCases[1].selectionSet.fields.map(\.responseKey) == ["id"])
        #expect(ir.abstractTypes == ["Character", "SearchResult"])
    }

    @Test func conditionsAreRelativeToTheirField() throws {
        let ir = try Self.compile("""
        query Q($x: Boolean!, $y: Boolean!) { hero { friends @include(if: $x) { name } } hero { friends { id } friends @skip(if: $y) { appearsIn } } }
        """)
        let friends = try #require(ir.operations[0].selectionSet.field("hero")?.selectionSet?.field("friends"))
        #expect(friends.conditions.isAlways)
        #expect(friends.selectionSet?.field("name")?.conditions == IRConditions([[.include("x")]]))
        #expect(friends.selectionSet?.field("id")?.conditions.isAlways == true)
        #expect(friends.selectionSet?.field("appearsIn")?.conditions == IRConditions([[.skip("y")]]))
        let only = try Self.compile("query Q($x: Boolean!) { hero @include(if: $x) { name } }")
        let hero = try #require(only.operations[0].selectionSet.field("hero"))
        #expect(hero.conditions == IRConditions([[.include("x")]]))
        #expect(hero.selectionSet?.field("name")?.conditions.isAlways == true)
    }

    @Test func fragmentSpreadsAndReferencedFragments() throws {
        let ir = try Self.compile("""
        query Q($x: Boolean!) { hero { ...A ...D @include(if: $x) } }
        fragment A on Character { name ...B }
        fragment B on Node { id ...C }
        fragment C on Node { id }
        fragment D on Droid { primaryFunction }
        """)
        let hero = try #require(ir.operations[0].selectionSet.field("hero")?.selectionSet)
        #expect(hero.fragmentSpreads.map(\.name) == ["A", "D"])
        #expect(hero.fragmentSpreads[0].isAlwaysPresent)
        #expect(hero.fragmentSpreads[1].possibleTypes == ["Droid"])
        #expect(hero.fragmentSpreads[1].conditions == IRConditions([[.include("x")]]))
        #expect(ir.operations[0].referencedFragments == ["A", "B", "C", "D"])
        #expect(ir.fragment(named: "A")?.selectionSet.fragmentSpreads.first?.isAlwaysPresent == true)
    }

    @Test func oneLineSourcesAddTypenameOnce() throws {
        let ir = try Self.compile("""
        query Q { hero { name __typename ... on Droid { primaryFunction } friends { ...F } } __typename }
        fragment F on Character { __typename name }
        """)
        #expect(ir.operations[0].source
                == "query Q { hero { __typename name ... on Droid { __typename primaryFunction } friends { __typename ...F } } __typename }")
        #expect(ir.fragments[0].source == "fragment F on Character { __typename name }")
        #expect(ir.fullSource(of: ir.operations[0]) == ir.operations[0].source + "\n" + ir.fragments[0].source)
    }

    @Test func referencedTypesFollowVariablesAndOutputs() throws {
        let ir = try Self.compile("""
        mutation M($input: ReviewInput!) { review(input: $input) }
        query Q { hero { appearsIn } }
        """)
        #expect(ir.referencedTypes == ["ColorInput", "Episode", "ReviewInput"])
    }
}
