@_spi(Generated) import Graft
import StarWarsAPI
import Testing

/// Canned StarWars responses decoded through the generated models (golden StarWarsAPI target).
@Suite struct StarWarsDecodingTests {
    static func decode<Data: SelectionSet>(_: Data.Type, _ json: String) throws -> Data {
        try Data.decode(data: try JSONParser.parse(json))
    }

    @Test func interfaceTypeCases() throws {
        let droid = try Self.decode(HeroDetailsQuery.Data.self,
            #"{"hero": {"__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"}}"#)
        #expect(droid.hero?.name == "R2-D2")
        #expect(droid.hero?.asDroid?.primaryFunction == "Astromech")
        #expect(droid.hero?.asHuman == nil)
        let human = try Self.decode(HeroDetailsQuery.Data.self,
            #"{"hero": {"__typename": "Human", "name": "Luke", "height": 1.72}}"#)
        #expect(human.hero?.asHuman?.height == 1.72)
        #expect(human.hero?.asDroid == nil)
    }

    @Test func unionTypeCases() throws {
        let data = try Self.decode(SearchQuery.Data.self, """
        {"search": [{"__typename": "Starship", "id": "3000", "name": "Millennium Falcon"},
                    {"__typename": "Human", "id": "1000", "name": "Luke"}, null]}
        """)
        #expect(data.search?.count == 3)
        #expect(data.search?[0]?.asStarship?.name == "Millennium Falcon")
        #expect(data.search?[0]?.asHuman == nil)
        #expect(data.search?[1]?.asHuman?.id == "1000")
        #expect(data.search?[2] == nil)
    }

    @Test func namedFragments() throws {
        let data = try Self.decode(HeroDetailsWithFragmentQuery.Data.self,
            #"{"hero": {"__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"}}"#)
        #expect(data.hero?.fragments.heroDetails.name == "R2-D2")
        #expect(data.hero?.fragments.heroDetails.asDroid?.primaryFunction == "Astromech")
        // A fragment on a narrower type is present only for that type.
        let droid = try Self.decode(DroidDetailsWithFragmentQuery.Data.self,
            #"{"hero": {"__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"}}"#)
        #expect(droid.hero?.fragments.droidDetails?.primaryFunction == "Astromech")
        let human = try Self.decode(DroidDetailsWithFragmentQuery.Data.self, #"{"hero": {"__typename": "Human"}}"#)
        #expect(human.hero != nil)
        #expect(human.hero?.fragments.droidDetails == nil)
    }

    @Test func includeAndSkip() throws {
        let included = try Self.decode(HeroNameConditionalInclusionQuery.Data.self,
            #"{"hero": {"__typename": "Droid", "name": "R2-D2"}}"#)
        #expect(included.hero?.name == "R2-D2")
        let excluded = try Self.decode(HeroNameConditionalInclusionQuery.Data.self, #"{"hero": {"__typename": "Droid"}}"#)
        #expect(excluded.hero?.name == nil)
        let withFragment = try Self.decode(HeroDetailsFragmentConditionalInclusionQuery.Data.self,
            #"{"hero": {"__typename": "Human", "name": "Luke", "height": 1.72}}"#)
        #expect(withFragment.hero?.fragments.heroDetails?.asHuman?.height == 1.72)
        let withoutFragment = try Self.decode(HeroDetailsFragmentConditionalInclusionQuery.Data.self,
            #"{"hero": {"__typename": "Human"}}"#)
        #expect(withoutFragment.hero?.fragments.heroDetails == nil)
        #expect(HeroNameConditionalInclusionQuery.Data.Hero.__selections.count == 2)
    }

    @Test func unknownEnumValuesAndNulls() throws {
        let data = try Self.decode(HeroAppearsInQuery.Data.self,
            #"{"hero": {"__typename": "Droid", "appearsIn": ["JEDI", "THE_FORCE_AWAKENS", null]}}"#)
        #expect(data.hero?.appearsIn == [.value(.jedi), .unknown("THE_FORCE_AWAKENS"), nil])
        let none = try Self.decode(HeroAppearsInQuery.Data.self, #"{"hero": null}"#)
        #expect(none.hero == nil)
    }

    @Test func missingNonNullFieldNamesThePath() throws {
        let json = """
        {"hero": {"__typename": "Droid", "name": "R2-D2", "friends": [
          {"__typename": "Human", "name": "Luke"}, {"__typename": "Human", "name": "Han"}, {"__typename": "Human", "name": null}]}}
        """
        #expect(throws: ResponseDecodingError.self) { try Self.decode(HeroAndFriendsNamesQuery.Data.self, json) }
        do {
            _ = try Self.decode(HeroAndFriendsNamesQuery.Data.self, json)
        } catch let error as ResponseDecodingError {
            #expect(error.description == "data.hero.friends[2].name: expected String, found null")
        }
        do {
            _ = try Self.decode(HeroNameQuery.Data.self, #"{"hero": {"__typename": "Droid"}}"#)
            Issue.record("a missing non-null field must fail")
        } catch let error as ResponseDecodingError {
            #expect(error.description == "data.hero.name: expected String, found nothing")
        }
    }

    @Test func variablesAndInputObjects() {
        #expect(HeroNameQuery().variables == [:])
        #expect(HeroNameQuery(episode: .null).variables == ["episode": .null])
        #expect(HeroNameQuery(episode: .some(.init(.empire))).variables == ["episode": "EMPIRE"])
        let review = ReviewInput(stars: 5, commentary: .null, favorite_color: .some(ColorInput(red: 1, green: 2, blue: 3)))
        #expect(CreateReviewForEpisodeMutation(episode: .init(.jedi), review: review).variables == [
            "episode": "JEDI",
            "review": ["stars": 5, "commentary": nil, "favorite_color": ["red": 1, "green": 2, "blue": 3]],
        ])
        #expect(ReviewInput(stars: 1).__inputValue == .value(["stars": 1]))
    }

    @Test func operationMetadata() {
        #expect(HeroNameQuery.operationName == "HeroName")
        #expect(HeroNameQuery.operationKind == .query)
        #expect(CreateReviewForEpisodeMutation.operationKind == .mutation)
        #expect(ReviewAddedSubscription.operationKind == .subscription)
        #expect(HeroNameQuery.document.operationIdentifier == "b9d49e889d6f5877c0bf09b8b4f88a71f88836a771e0e48c270a9aa8b506dda1")
        #expect(HeroDetailsWithFragmentQuery.document.definition?.hasSuffix("\n" + HeroDetails.fragmentDefinition) == true)
        #expect(schemaMetadata.possibleTypes["Character"] == ["Droid", "Human"])
    }

    /// Models compare and hash as the response objects they were built from (the runtime's
    /// `SelectionSet` default, not a synthesized conformance per generated type).
    @Test func equalityFollowsTheResponseObject() throws {
        let json = #"{"hero": {"__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"}}"#
        let first = try Self.decode(HeroDetailsQuery.Data.self, json)
        let second = try Self.decode(HeroDetailsQuery.Data.self, json)
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first.hero, second.hero]).count == 1)
        let other = try Self.decode(HeroDetailsQuery.Data.self,
            #"{"hero": {"__typename": "Droid", "name": "R2-D2", "primaryFunction": "Protocol"}}"#)
        #expect(first != other)
        #expect(first.hero?.asDroid != other.hero?.asDroid)
        #expect(first.hero?.name == other.hero?.name)
    }
}
