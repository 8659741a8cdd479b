import Graft
import StarWarsAPI
import Testing

/// Models built with the generated memberwise initializers only (no JSON) equal the models
/// decoded from the matching canned responses, and read merged fields like decoded ones.
@Suite struct InitializerTests {
    static func decode<Data: SelectionSet>(_: Data.Type, _ json: String) throws -> Data {
        try Data.decode(data: try JSONParser.parse(json))
    }

    @Test func interfaceTypeCasesEqualTheDecodedResponse() throws {
        let droid = HeroDetailsQuery.Data(hero: .init(__typename: "Droid", name: "R2-D2",
                                                      asDroid: .init(primaryFunction: "Astromech")))
        #expect(droid == (try Self.decode(HeroDetailsQuery.Data.self,
            #"{"hero": {"__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"}}"#)))
        let human = HeroDetailsQuery.Data(hero: .init(__typename: "Human", name: "Luke", asHuman: .init(height: 1.72)))
        #expect(human == (try Self.decode(HeroDetailsQuery.Data.self,
            #"{"hero": {"__typename": "Human", "name": "Luke", "height": 1.72}}"#)))
        // The type case reads its parent's field.
        #expect(human.hero?.asHuman?.name == "Luke")
        #expect(droid != human)
    }

    /// JSON has one kind of number: a server may send a Float as `2`.
    @Test func aFloatSentAsAnIntegerEqualsTheBuiltDouble() throws {
        let built = HeroDetailsQuery.Data(hero: .init(__typename: "Human", name: "Chewie", asHuman: .init(height: 2.0)))
        let decoded = try Self.decode(HeroDetailsQuery.Data.self, #"{"hero": {"__typename": "Human", "name": "Chewie", "height": 2}}"#)
        #expect(decoded.hero?.asHuman?.height == 2.0)
        #expect(built == decoded)
        #expect(Set([built, decoded]).count == 1)
        let taller = HeroDetailsQuery.Data(hero: .init(__typename: "Human", name: "Chewie", asHuman: .init(height: 2.5)))
        #expect(taller != decoded)
    }

    @Test func unionTypeCasesEqualTheDecodedResponse() throws {
        let built = SearchQuery.Data(search: [
            .init(__typename: "Starship", asStarship: .init(id: "3000", name: "Millennium Falcon")),
            .init(__typename: "Human", asHuman: .init(id: "1000", name: "Luke")),
            nil,
        ])
        #expect(built == (try Self.decode(SearchQuery.Data.self, """
        {"search": [{"__typename": "Starship", "id": "3000", "name": "Millennium Falcon"},
                    {"__typename": "Human", "id": "1000", "name": "Luke"}, null]}
        """)))
    }

    @Test func fragmentsAreBuiltFromTheirOwnInitializers() throws {
        let details = HeroDetails(__typename: "Droid", name: "R2-D2", asDroid: .init(primaryFunction: "Astromech"))
        let built = HeroDetailsWithFragmentQuery.Data(hero: .init(__typename: "Droid", heroDetails: details))
        let decoded = try Self.decode(HeroDetailsWithFragmentQuery.Data.self,
            #"{"hero": {"__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"}}"#)
        #expect(built == decoded)
        // The fragment's field, read directly on the selection set that spreads it.
        #expect(decoded.hero?.name == "R2-D2")
        #expect(decoded.hero?.fragments.heroDetails.asDroid?.primaryFunction == "Astromech")

        let droid = DroidDetailsWithFragmentQuery.Data(hero: .init(__typename: "Droid",
            droidDetails: DroidDetails(name: "R2-D2", primaryFunction: "Astromech")))
        #expect(droid == (try Self.decode(DroidDetailsWithFragmentQuery.Data.self,
            #"{"hero": {"__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"}}"#)))
        let human = DroidDetailsWithFragmentQuery.Data(hero: .init(__typename: "Human"))
        #expect(human == (try Self.decode(DroidDetailsWithFragmentQuery.Data.self, #"{"hero": {"__typename": "Human"}}"#)))
    }

    @Test func fragmentFieldsMergeWithTheSelectionSetsOwn() throws {
        let built = HeroAndFriendsNamesWithFragmentQuery.Data(hero: .init(__typename: "Droid", name: "R2-D2",
            friendsNames: FriendsNames(__typename: "Droid", friends: [.init(__typename: "Human", name: "Luke"), nil])))
        let decoded = try Self.decode(HeroAndFriendsNamesWithFragmentQuery.Data.self, """
        {"hero": {"__typename": "Droid", "name": "R2-D2", "friends": [{"__typename": "Human", "name": "Luke"}, null]}}
        """)
        #expect(built == decoded)
        #expect(decoded.hero?.friends?.compactMap { $0?.name } == ["Luke"])
        #expect(decoded.hero?.fragments.friendsNames.friends?.count == 2)
    }

    @Test func conditionalSelectionsLeftOutAreAbsent() throws {
        #expect(HeroNameConditionalInclusionQuery.Data(hero: .init(__typename: "Droid", name: "R2-D2"))
            == (try Self.decode(HeroNameConditionalInclusionQuery.Data.self, #"{"hero": {"__typename": "Droid", "name": "R2-D2"}}"#)))
        #expect(HeroNameConditionalInclusionQuery.Data(hero: .init(__typename: "Droid"))
            == (try Self.decode(HeroNameConditionalInclusionQuery.Data.self, #"{"hero": {"__typename": "Droid"}}"#)))
        let withFragment = HeroDetailsFragmentConditionalInclusionQuery.Data(hero: .init(__typename: "Human",
            heroDetails: HeroDetails(__typename: "Human", name: "Luke", asHuman: .init(height: 1.72))))
        #expect(withFragment == (try Self.decode(HeroDetailsFragmentConditionalInclusionQuery.Data.self,
            #"{"hero": {"__typename": "Human", "name": "Luke", "height": 1.72}}"#)))
        #expect(HeroDetailsFragmentConditionalInclusionQuery.Data(hero: .init(__typename: "Human"))
            == (try Self.decode(HeroDetailsFragmentConditionalInclusionQuery.Data.self, #"{"hero": {"__typename": "Human"}}"#)))
    }

    @Test func enumsNullsAndMissingObjects() throws {
        #expect(HeroAppearsInQuery.Data(hero: .init(__typename: "Droid", appearsIn: [.value(.jedi), .unknown("THE_FORCE_AWAKENS"), nil]))
            == (try Self.decode(HeroAppearsInQuery.Data.self,
                #"{"hero": {"__typename": "Droid", "appearsIn": ["JEDI", "THE_FORCE_AWAKENS", null]}}"#)))
        #expect(HeroAppearsInQuery.Data(hero: nil) == (try Self.decode(HeroAppearsInQuery.Data.self, #"{"hero": null}"#)))
        #expect(HeroNameQuery.Data(hero: .init(__typename: "Droid", name: "R2-D2"))
            != (try Self.decode(HeroNameQuery.Data.self, #"{"hero": {"__typename": "Droid", "name": "C-3PO"}}"#)))
    }

    @Test func concreteTypesFillTheirTypename() {
        let friend = HeroAndFriendsNamesQuery.Data.Hero.Friend(__typename: "Human", name: "Leia")
        #expect(friend.__data.typename == "Human")
        let human = HeroDetailsQuery.Data.Hero.AsHuman(height: nil)
        #expect(human.__data.typename == "Human")
        #expect(human.__data.fields["height"] == .null)
    }

    /// An optimistic update built with initializers only is read back from the cache, then rolled back.
    @Test func optimisticUpdateWithInitializers() async throws {
        let store = CacheStore()
        let query = HeroAndFriendsNamesQuery()
        _ = try await store.write(responseData: ["hero": ["__typename": "Droid", "name": "R2-D2", "friends": []]], for: query)
        let expected = HeroAndFriendsNamesQuery.Data(hero: .init(__typename: "Droid", name: "R2-D2",
                                                                 friends: [.init(__typename: "Human", name: "Luke")]))
        let layer = try await store.addOptimisticLayer(expected, for: query)
        #expect(try await store.read(query).data == expected)
        try await store.removeOptimisticLayer(layer)
        #expect(try await store.read(query).data.hero?.friends?.isEmpty == true)
    }
}
