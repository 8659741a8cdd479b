import Graft
import StarWarsAPI
import Testing

/// Generated models (the StarWars golden module) decode nested data, type cases, unknown enum
/// values and errors with their response path.
@Suite struct GeneratedShapeTests {
    @Test func decodesNestedDataTypeCasesAndUnknownEnums() throws {
        let appearsIn = try StarWarsAPI.HeroNameAndAppearsInQuery.Data.decode(data: JSONParser.parse("""
        {"hero": {"__typename": "Droid", "name": "R2-D2", "appearsIn": ["JEDI", "NEW_EPISODE", null]}}
        """))
        #expect(appearsIn.hero?.name == "R2-D2")
        #expect(appearsIn.hero?.appearsIn == [.value(.jedi), .unknown("NEW_EPISODE"), nil])
        let friends = try StarWarsAPI.HeroAndFriendsNamesQuery.Data.decode(data: JSONParser.parse("""
        {"hero": {"__typename": "Droid", "name": "R2-D2", "friends": [{"__typename": "Human", "name": "Luke"}, null]}}
        """))
        #expect(friends.hero?.friends?.first??.name == "Luke")
        #expect(friends.hero?.friends?.last == .some(nil))
        let details = try StarWarsAPI.HeroDetailsQuery.Data.decode(data: JSONParser.parse("""
        {"hero": {"__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"}}
        """))
        #expect(details.hero?.asDroid?.primaryFunction == "Astromech")
        #expect(details.hero?.asDroid?.name == "R2-D2")
    }

    @Test func typeCaseIsNilForOtherTypesAndAbsentListsAreNil() throws {
        let details = try StarWarsAPI.HeroDetailsQuery.Data.decode(data: JSONParser.parse("""
        {"hero": {"__typename": "Human", "name": "Luke", "height": 1.72}}
        """))
        #expect(details.hero?.asDroid == nil)
        #expect(details.hero?.asHuman?.height == 1.72)
        let friends = try StarWarsAPI.HeroAndFriendsNamesQuery.Data.decode(data: JSONParser.parse("""
        {"hero": {"__typename": "Human", "name": "Luke"}}
        """))
        #expect(friends.hero?.friends == nil)
    }

    @Test func errorsNameTheResponsePath() throws {
        let json = try JSONParser.parse("""
        {"hero": {"__typename": "Droid", "name": "R2-D2",
                  "friends": [{"__typename": "Human", "name": "Luke"}, {"__typename": "Human", "name": "Han"}, {"__typename": "Human", "name": null}]}}
        """)
        #expect(throws: ResponseDecodingError.self) { try StarWarsAPI.HeroAndFriendsNamesQuery.Data.decode(data: json) }
        do {
            _ = try StarWarsAPI.HeroAndFriendsNamesQuery.Data.decode(data: json)
        } catch {
            #expect(error.description == "data.hero.friends[2].name: expected String, found null")
        }
    }

    @Test func variablesLeaveOutAbsentValues() {
        #expect(StarWarsAPI.HeroNameQuery(episode: nil).variables == [:])
        #expect(StarWarsAPI.HeroNameQuery(episode: .null).variables == ["episode": .null])
        #expect(StarWarsAPI.HeroNameQuery(episode: .some(.value(.jedi))).variables == ["episode": "JEDI"])
    }
}
