import Graft
import StarWarsAPI
import Testing

/// More StarWars operations built with initializers only, each equal to the model decoded from
/// the response the server would send: aliases, the same field twice, nested lists, mutations,
/// subscriptions, type cases in lists reading their parents' fields, fragments next to fields.
@Suite struct StarWarsInitializerTests {
    static func decoded<Data: SelectionSet>(_: Data.Type, _ json: String) throws -> Data {
        try Data.decode(data: try JSONParser.parse(json))
    }

    @Test func fieldsAliasesAndNestedLists() throws {
        #expect(HeroNameWithIDQuery.Data(hero: .init(__typename: "Human", id: "1000", name: "Luke"))
            == (try Self.decoded(HeroNameWithIDQuery.Data.self, #"{"hero": {"__typename": "Human", "id": "1000", "name": "Luke"}}"#)))
        #expect(TwoHeroesQuery.Data(r2: .init(__typename: "Droid", name: "R2-D2"), luke: .init(__typename: "Human", name: "Luke"))
            == (try Self.decoded(TwoHeroesQuery.Data.self,
                #"{"r2": {"__typename": "Droid", "name": "R2-D2"}, "luke": {"__typename": "Human", "name": "Luke"}}"#)))
        #expect(SameHeroTwiceQuery.Data(hero: .init(__typename: "Droid", name: "R2-D2"), r2: .init(__typename: "Droid", appearsIn: [.value(.jedi)]))
            == (try Self.decoded(SameHeroTwiceQuery.Data.self,
                #"{"hero": {"__typename": "Droid", "name": "R2-D2"}, "r2": {"__typename": "Droid", "appearsIn": ["JEDI"]}}"#)))
        #expect(HumanQuery.Data(human: .init(name: "Luke", mass: 77.5))
            == (try Self.decoded(HumanQuery.Data.self, #"{"human": {"__typename": "Human", "name": "Luke", "mass": 77.5}}"#)))
        #expect(StarshipQuery.Data(starship: .init(name: "Falcon", coordinates: [[1.5, 2.5], [3.5, 4.5]]))
            == (try Self.decoded(StarshipQuery.Data.self,
                #"{"starship": {"__typename": "Starship", "name": "Falcon", "coordinates": [[1.5, 2.5], [3.5, 4.5]]}}"#)))
        let friends: [HeroAndFriendsIDsQuery.Data.Hero.Friend?] = [.init(__typename: "Human", id: "1000"), nil]
        #expect(HeroAndFriendsIDsQuery.Data(hero: .init(__typename: "Droid", id: "2001", name: "R2-D2", friends: friends))
            == (try Self.decoded(HeroAndFriendsIDsQuery.Data.self, """
            {"hero": {"__typename": "Droid", "id": "2001", "name": "R2-D2", "friends": [{"__typename": "Human", "id": "1000"}, null]}}
            """)))
    }

    @Test func mutationsAndSubscriptions() throws {
        #expect(CreateReviewForEpisodeMutation.Data(createReview: .init(stars: 5, commentary: "Great"))
            == (try Self.decoded(CreateReviewForEpisodeMutation.Data.self,
                #"{"createReview": {"__typename": "Review", "stars": 5, "commentary": "Great"}}"#)))
        #expect(ReviewAddedSubscription.Data(reviewAdded: .init(episode: .init(.jedi), stars: 4))
            == (try Self.decoded(ReviewAddedSubscription.Data.self,
                #"{"reviewAdded": {"__typename": "Review", "episode": "JEDI", "stars": 4, "commentary": null}}"#)))
    }

    @Test func typeCasesInListsReadTheirParentsFields() throws {
        typealias Hero = HeroParentTypeDependentFieldQuery.Data.Hero
        let built = HeroParentTypeDependentFieldQuery.Data(hero: Hero(__typename: "Droid", name: "R2-D2", asDroid: .init(friends: [
            .init(__typename: "Human", name: "Luke", asHuman: .init(height: 1.72)),
            .init(__typename: "Droid", name: "C-3PO"),
        ])))
        let decoded = try Self.decoded(HeroParentTypeDependentFieldQuery.Data.self, """
        {"hero": {"__typename": "Droid", "name": "R2-D2", "friends": [
          {"__typename": "Human", "name": "Luke", "height": 1.72}, {"__typename": "Droid", "name": "C-3PO"}]}}
        """)
        #expect(built == decoded)
        let luke = try #require(decoded.hero?.asDroid?.friends?.first??.asHuman)
        #expect(luke.name == "Luke")
        #expect(luke.height == 1.72)
        #expect(decoded.hero?.asDroid?.name == "R2-D2")
    }

    @Test func aliasedTypeCaseFieldsAndFragmentsNextToFields() throws {
        #expect(HeroTypeDependentAliasedFieldQuery.Data(hero: .init(__typename: "Droid", asDroid: .init(property: "Astromech")))
            == (try Self.decoded(HeroTypeDependentAliasedFieldQuery.Data.self,
                #"{"hero": {"__typename": "Droid", "property": "Astromech"}}"#)))
        let built = HeroNameWithFragmentAndIDQuery.Data(hero: .init(__typename: "Human", id: "1000",
                                                                    characterName: CharacterName(__typename: "Human", name: "Luke")))
        let decoded = try Self.decoded(HeroNameWithFragmentAndIDQuery.Data.self,
                                       #"{"hero": {"__typename": "Human", "id": "1000", "name": "Luke"}}"#)
        #expect(built == decoded)
        #expect(decoded.hero?.name == "Luke")
    }

    /// A fragment on an abstract type built by hand inside a concrete parent keeps the
    /// `__typename` it was given, as the response it stands for would have it.
    @Test func aFragmentKeepsTheTypenameItWasGivenInsideAConcreteParent() throws {
        let built = DroidNameAndPrimaryFunction(characterName: CharacterName(__typename: "Human", name: "Luke"),
                                                droidPrimaryFunction: DroidPrimaryFunction(primaryFunction: "Farmer"))
        let decoded = try DroidNameAndPrimaryFunction.decode(data: try JSONParser.parse(
            #"{"__typename": "Human", "name": "Luke", "primaryFunction": "Farmer"}"#))
        #expect(built == decoded)
        #expect(built.__data.typename == "Human")
        #expect(built.fragments.characterName.__data.typename == "Human")
        // Without a typename of its own, the parent's stands.
        let droid = DroidNameAndPrimaryFunction(characterName: CharacterName(__typename: "Droid", name: "R2-D2"),
                                                droidPrimaryFunction: DroidPrimaryFunction(primaryFunction: "Astromech"))
        #expect(droid == (try DroidNameAndPrimaryFunction.decode(data: try JSONParser.parse(
            #"{"__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"}"#))))
    }
}
