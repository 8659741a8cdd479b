import Graft
import StarWarsAPI
import Testing

/// The remaining unconditional StarWars operations built with initializers only, each equal to
/// the model decoded from the response the server would send: friends lists (nested, with ids on
/// the parent only, through a fragment in the parent and in a type case), fragments alone,
/// mutations with literal arguments, a list of lists.
@Suite struct StarWarsFriendsInitializerTests {
    static func decode<Data: SelectionSet>(_ type: Data.Type, _ json: String) throws -> Data {
        try InitializerTests.decode(type, json)
    }

    @Test func friendsLists() throws {
        #expect(HeroAndFriendsNamesQuery.Data(hero: .init(__typename: "Droid", name: "R2-D2", friends: [
            .init(__typename: "Human", name: "Luke"), .init(__typename: "Droid", name: "C-3PO"), nil,
        ])) == (try Self.decode(HeroAndFriendsNamesQuery.Data.self, """
            {"hero": {"__typename": "Droid", "name": "R2-D2", "friends": [
              {"__typename": "Human", "name": "Luke"}, {"__typename": "Droid", "name": "C-3PO"}, null]}}
            """)))
        #expect(HeroAndFriendsNamesWithIDsQuery.Data(hero: .init(__typename: "Droid", id: "2001", name: "R2-D2", friends: [
            .init(__typename: "Human", id: "1000", name: "Luke"), .init(__typename: "Human", id: "1002", name: "Han"),
        ])) == (try Self.decode(HeroAndFriendsNamesWithIDsQuery.Data.self, """
            {"hero": {"__typename": "Droid", "id": "2001", "name": "R2-D2", "friends": [
              {"__typename": "Human", "id": "1000", "name": "Luke"}, {"__typename": "Human", "id": "1002", "name": "Han"}]}}
            """)))
        #expect(HeroAndFriendsNamesWithIDForParentOnlyQuery.Data(hero: .init(__typename: "Human", id: "1000", name: "Luke", friends: []))
            == (try Self.decode(HeroAndFriendsNamesWithIDForParentOnlyQuery.Data.self,
                #"{"hero": {"__typename": "Human", "id": "1000", "name": "Luke", "friends": []}}"#)))
        #expect(HeroAndFriendsNamesWithIDForParentOnlyQuery.Data(hero: .init(__typename: "Droid", id: "2001", name: "R2-D2",
                                                                           friends: [.init(__typename: "Human", name: "Leia")]))
            == (try Self.decode(HeroAndFriendsNamesWithIDForParentOnlyQuery.Data.self,
                #"{"hero": {"__typename": "Droid", "id": "2001", "name": "R2-D2", "friends": [{"__typename": "Human", "name": "Leia"}]}}"#)))
    }

    @Test func friendsOfFriends() throws {
        typealias Friend = HeroFriendsOfFriendsNamesQuery.Data.Hero.Friend
        let built = HeroFriendsOfFriendsNamesQuery.Data(hero: .init(__typename: "Droid", friends: [
            Friend(__typename: "Human", id: "1000", friends: [.init(__typename: "Human", name: "Han"), .init(__typename: "Droid", name: "R2-D2")]),
            Friend(__typename: "Human", id: "1003", friends: nil),
        ]))
        let decoded = try Self.decode(HeroFriendsOfFriendsNamesQuery.Data.self, """
        {"hero": {"__typename": "Droid", "friends": [
          {"__typename": "Human", "id": "1000", "friends": [{"__typename": "Human", "name": "Han"}, {"__typename": "Droid", "name": "R2-D2"}]},
          {"__typename": "Human", "id": "1003", "friends": null}]}}
        """)
        #expect(built == decoded)
        #expect(decoded.hero?.friends?.first??.friends?.last??.name == "R2-D2")
    }

    @Test func fragmentInTheParentAndInATypeCase() throws {
        typealias Hero = HeroAndFriendsNamesWithFragmentTwiceQuery.Data.Hero
        let luke = CharacterName(__typename: "Human", name: "Luke")
        let han = CharacterName(__typename: "Human", name: "Han")
        let droid = HeroAndFriendsNamesWithFragmentTwiceQuery.Data(hero: Hero(__typename: "Droid",
            friends: [.init(__typename: "Human", characterName: luke), .init(__typename: "Human", characterName: han)],
            asDroid: .init(friends: [.init(__typename: "Human", characterName: luke), .init(__typename: "Human", characterName: han)])))
        let decoded = try Self.decode(HeroAndFriendsNamesWithFragmentTwiceQuery.Data.self, """
        {"hero": {"__typename": "Droid", "friends": [{"__typename": "Human", "name": "Luke"}, {"__typename": "Human", "name": "Han"}]}}
        """)
        #expect(droid == decoded)
        #expect(decoded.hero?.asDroid?.friends?.last??.name == "Han")
        let human = HeroAndFriendsNamesWithFragmentTwiceQuery.Data(hero: Hero(__typename: "Human",
            friends: [.init(__typename: "Droid", characterName: CharacterName(__typename: "Droid", name: "R2-D2"))]))
        #expect(human == (try Self.decode(HeroAndFriendsNamesWithFragmentTwiceQuery.Data.self,
            #"{"hero": {"__typename": "Human", "friends": [{"__typename": "Droid", "name": "R2-D2"}]}}"#)))
    }

    @Test func namesAppearancesAndTheirFragments() throws {
        #expect(HeroNameAndAppearsInQuery.Data(hero: .init(__typename: "Droid", name: "R2-D2", appearsIn: [.value(.newhope), .value(.empire), .value(.jedi)]))
            == (try Self.decode(HeroNameAndAppearsInQuery.Data.self,
                #"{"hero": {"__typename": "Droid", "name": "R2-D2", "appearsIn": ["NEWHOPE", "EMPIRE", "JEDI"]}}"#)))
        #expect(HeroNameWithFragmentQuery.Data(hero: .init(__typename: "Droid", characterName: CharacterName(__typename: "Droid", name: "R2-D2")))
            == (try Self.decode(HeroNameWithFragmentQuery.Data.self, #"{"hero": {"__typename": "Droid", "name": "R2-D2"}}"#)))
        #expect(HeroAppearsInWithFragmentQuery.Data(hero: .init(__typename: "Human",
            characterAppearsIn: CharacterAppearsIn(__typename: "Human", appearsIn: [.value(.empire)])))
            == (try Self.decode(HeroAppearsInWithFragmentQuery.Data.self, #"{"hero": {"__typename": "Human", "appearsIn": ["EMPIRE"]}}"#)))
        let both = CharacterNameAndAppearsIn(__typename: "Human", name: "Luke", appearsIn: [.value(.newhope), .unknown("ROGUE_ONE")])
        let decoded = try Self.decode(HeroNameAndAppearsInWithFragmentQuery.Data.self,
            #"{"hero": {"__typename": "Human", "name": "Luke", "appearsIn": ["NEWHOPE", "ROGUE_ONE"]}}"#)
        #expect(HeroNameAndAppearsInWithFragmentQuery.Data(hero: .init(__typename: "Human", characterNameAndAppearsIn: both)) == decoded)
        #expect(decoded.hero?.fragments.characterNameAndAppearsIn.name == "Luke")
    }

    @Test func mutationsWithLiteralArgumentsAndAListOfLists() throws {
        #expect(CreateAwesomeReviewMutation.Data(createReview: .init(stars: 10, commentary: "This is awesome!"))
            == (try Self.decode(CreateAwesomeReviewMutation.Data.self,
                #"{"createReview": {"__typename": "Review", "stars": 10, "commentary": "This is awesome!"}}"#)))
        #expect(CreateReviewWithNullFieldMutation.Data(createReview: .init(stars: 10))
            == (try Self.decode(CreateReviewWithNullFieldMutation.Data.self,
                #"{"createReview": {"__typename": "Review", "stars": 10, "commentary": null}}"#)))
        #expect(CreateReviewWithNullFieldMutation.Data(createReview: nil)
            == (try Self.decode(CreateReviewWithNullFieldMutation.Data.self, #"{"createReview": null}"#)))
        #expect(StarshipCoordinatesQuery.Data(starshipCoordinates: .init(name: "Falcon", coordinates: [[1.0, 2.0], [], [3.5]], length: 34.37))
            == (try Self.decode(StarshipCoordinatesQuery.Data.self, """
            {"starshipCoordinates": {"__typename": "Starship", "name": "Falcon", "coordinates": [[1.0, 2.0], [], [3.5]], "length": 34.37}}
            """)))
        #expect(StarshipCoordinatesQuery.Data(starshipCoordinates: .init(name: "Falcon"))
            == (try Self.decode(StarshipCoordinatesQuery.Data.self,
                #"{"starshipCoordinates": {"__typename": "Starship", "name": "Falcon", "coordinates": null, "length": null}}"#)))
    }
}
