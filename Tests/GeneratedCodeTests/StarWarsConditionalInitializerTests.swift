import Graft
import StarWarsAPI
import Testing

/// StarWars operations with `@include`/`@skip`, built with initializers only: with the variables
/// that include a selection its value is given, otherwise left out; each equal to the model
/// decoded from the response the server sends for those variables.
@Suite struct StarWarsConditionalInitializerTests {
    static func decode<Data: SelectionSet>(_ type: Data.Type, _ json: String) throws -> Data {
        try InitializerTests.decode(type, json)
    }

    @Test func skipAndBothConditionsOnAField() throws {
        // skipName: false
        #expect(HeroNameConditionalExclusionQuery.Data(hero: .init(__typename: "Droid", name: "R2-D2"))
            == (try Self.decode(HeroNameConditionalExclusionQuery.Data.self, #"{"hero": {"__typename": "Droid", "name": "R2-D2"}}"#)))
        // skipName: true
        #expect(HeroNameConditionalExclusionQuery.Data(hero: .init(__typename: "Droid"))
            == (try Self.decode(HeroNameConditionalExclusionQuery.Data.self, #"{"hero": {"__typename": "Droid"}}"#)))
        // includeName: true, skipName: false
        #expect(HeroNameConditionalBothQuery.Data(hero: .init(__typename: "Human", name: "Luke"))
            == (try Self.decode(HeroNameConditionalBothQuery.Data.self, #"{"hero": {"__typename": "Human", "name": "Luke"}}"#)))
        #expect(HeroNameConditionalBothQuery.Data(hero: .init(__typename: "Human"))
            == (try Self.decode(HeroNameConditionalBothQuery.Data.self, #"{"hero": {"__typename": "Human"}}"#)))
        // The same field twice, `@skip` on one and `@include` on the other: one value.
        #expect(HeroNameConditionalBothSeparateQuery.Data(hero: .init(__typename: "Human", name: "Luke"))
            == (try Self.decode(HeroNameConditionalBothSeparateQuery.Data.self, #"{"hero": {"__typename": "Human", "name": "Luke"}}"#)))
        #expect(HeroNameConditionalBothSeparateQuery.Data(hero: .init(__typename: "Human"))
            == (try Self.decode(HeroNameConditionalBothSeparateQuery.Data.self, #"{"hero": {"__typename": "Human"}}"#)))
    }

    @Test func conditionalInlineFragmentWithoutTypeCondition() throws {
        let included = try Self.decode(HeroDetailsInlineConditionalInclusionQuery.Data.self,
            #"{"hero": {"__typename": "Droid", "name": "R2-D2", "appearsIn": ["NEWHOPE", "JEDI"]}}"#)
        #expect(HeroDetailsInlineConditionalInclusionQuery.Data(hero: .init(__typename: "Droid", name: "R2-D2", appearsIn: [.value(.newhope), .value(.jedi)]))
            == included)
        #expect(included.hero?.appearsIn?.count == 2)
        #expect(HeroDetailsInlineConditionalInclusionQuery.Data(hero: .init(__typename: "Droid"))
            == (try Self.decode(HeroDetailsInlineConditionalInclusionQuery.Data.self, #"{"hero": {"__typename": "Droid"}}"#)))
    }

    @Test func typeSpecificFieldNextToAConditionalOne() throws {
        typealias Hero = HeroNameTypeSpecificConditionalInclusionQuery.Data.Hero
        // includeName: false; the Droid type case selects the name anyway.
        let droid = try Self.decode(HeroNameTypeSpecificConditionalInclusionQuery.Data.self, #"{"hero": {"__typename": "Droid", "name": "R2-D2"}}"#)
        #expect(HeroNameTypeSpecificConditionalInclusionQuery.Data(hero: Hero(__typename: "Droid", asDroid: .init(name: "R2-D2"))) == droid)
        #expect(droid.hero?.asDroid?.name == "R2-D2")
        #expect(HeroNameTypeSpecificConditionalInclusionQuery.Data(hero: Hero(__typename: "Human"))
            == (try Self.decode(HeroNameTypeSpecificConditionalInclusionQuery.Data.self, #"{"hero": {"__typename": "Human"}}"#)))
        // includeName: true
        #expect(HeroNameTypeSpecificConditionalInclusionQuery.Data(hero: Hero(__typename: "Human", name: "Luke"))
            == (try Self.decode(HeroNameTypeSpecificConditionalInclusionQuery.Data.self, #"{"hero": {"__typename": "Human", "name": "Luke"}}"#)))
        #expect(HeroNameTypeSpecificConditionalInclusionQuery.Data(hero: Hero(__typename: "Droid", name: "R2-D2", asDroid: .init(name: "R2-D2")))
            == droid)
    }

    @Test func conditionalFriendsWithTypeCases() throws {
        typealias Friend = HeroFriendsDetailsConditionalInclusionQuery.Data.Hero.Friend
        // includeFriendsDetails: true
        let built = HeroFriendsDetailsConditionalInclusionQuery.Data(hero: .init(__typename: "Human", friends: [
            Friend(__typename: "Droid", name: "R2-D2", asDroid: .init(primaryFunction: "Astromech")),
            Friend(__typename: "Human", name: "Han"),
        ]))
        #expect(built == (try Self.decode(HeroFriendsDetailsConditionalInclusionQuery.Data.self, """
            {"hero": {"__typename": "Human", "friends": [
              {"__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"}, {"__typename": "Human", "name": "Han"}]}}
            """)))
        // includeFriendsDetails: false
        #expect(HeroFriendsDetailsConditionalInclusionQuery.Data(hero: .init(__typename: "Human"))
            == (try Self.decode(HeroFriendsDetailsConditionalInclusionQuery.Data.self, #"{"hero": {"__typename": "Human"}}"#)))
    }

    @Test func friendsUnconditionallyAndConditionally() throws {
        typealias Friend = HeroFriendsDetailsUnconditionalAndConditionalInclusionQuery.Data.Hero.Friend
        // includeFriendsDetails: true
        let included = HeroFriendsDetailsUnconditionalAndConditionalInclusionQuery.Data(hero: .init(__typename: "Human", friends: [
            Friend(__typename: "Droid", name: "R2-D2", asDroid: .init(primaryFunction: "Astromech")),
            Friend(__typename: "Human", name: "Han"),
        ]))
        let decoded = try Self.decode(HeroFriendsDetailsUnconditionalAndConditionalInclusionQuery.Data.self, """
        {"hero": {"__typename": "Human", "friends": [
          {"__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"}, {"__typename": "Human", "name": "Han"}]}}
        """)
        #expect(included == decoded)
        #expect(decoded.hero?.friends?.first??.asDroid?.name == "R2-D2")
        // includeFriendsDetails: false: the friends without the droid's primary function.
        let excluded = HeroFriendsDetailsUnconditionalAndConditionalInclusionQuery.Data(hero: .init(__typename: "Human", friends: [
            Friend(__typename: "Droid", name: "R2-D2", asDroid: .init()),
            Friend(__typename: "Human", name: "Han"),
        ]))
        #expect(excluded == (try Self.decode(HeroFriendsDetailsUnconditionalAndConditionalInclusionQuery.Data.self, """
            {"hero": {"__typename": "Human", "friends": [{"__typename": "Droid", "name": "R2-D2"}, {"__typename": "Human", "name": "Han"}]}}
            """)))
    }

    /// An included nullable field that is null: the server sends `"primaryFunction": null`
    /// (includeFriendsDetails: true), which the initializer must give too.
    @Test func includedFieldThatIsNull() throws {
        typealias Friend = HeroFriendsDetailsUnconditionalAndConditionalInclusionQuery.Data.Hero.Friend
        let built = HeroFriendsDetailsUnconditionalAndConditionalInclusionQuery.Data(hero: .init(__typename: "Human", friends: [
            Friend(__typename: "Droid", name: "R2-D2", asDroid: .init(primaryFunction: .some(nil))),
        ]))
        #expect(built == (try Self.decode(HeroFriendsDetailsUnconditionalAndConditionalInclusionQuery.Data.self,
            #"{"hero": {"__typename": "Human", "friends": [{"__typename": "Droid", "name": "R2-D2", "primaryFunction": null}]}}"#)))
    }
}
