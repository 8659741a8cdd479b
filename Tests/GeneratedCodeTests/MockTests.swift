import Graft
import GraftTesting
import StarWarsAPI
import StarWarsAPIMocks
import Testing

/// Generated test mocks (StarWarsAPIMocks, `testMocks` in graft.json) become any selection set on
/// their type, equal to the model decoded from the matching response.
@Suite struct MockTests {
    static func decode<Data: SelectionSet>(_: Data.Type, _ json: String) throws -> Data {
        try Data.decode(data: try JSONParser.parse(json))
    }

    @Test func aMockBecomesTheSelectionSetsOnItsType() throws {
        let luke = HumanMock(name: "Luke", height: 1.72)
        let droid = DroidMock(name: "R2-D2", friends: [luke, nil], primaryFunction: "Astromech")
        let data = try HeroDetailsQuery.Data(mock: QueryMock(hero: droid))
        #expect(data == (try Self.decode(HeroDetailsQuery.Data.self,
            #"{"hero": {"__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"}}"#)))
        #expect(data.hero?.asDroid?.primaryFunction == "Astromech")
        // The same mock, another selection set: names of the friends through a fragment.
        let friends = try HeroAndFriendsNamesWithFragmentQuery.Data.Hero(mock: droid)
        #expect(friends.name == "R2-D2")
        #expect(friends.friends?.map { $0?.name } == ["Luke", nil])
        #expect(try FriendsNames(mock: droid).friends?.first??.__data.typename == "Human")
    }

    @Test func settablePropertiesAndEnums() throws {
        let droid = DroidMock()
        droid.name = "C-3PO"
        droid.appearsIn = [.value(.newhope), nil]
        let hero = try HeroAppearsInQuery.Data.Hero(mock: droid)
        #expect(hero.appearsIn == [.value(.newhope), nil])
        droid.name = nil
        #expect(droid.name == nil)
    }

    @Test func aMissingRequiredFieldIsNamed() throws {
        let droid = DroidMock(primaryFunction: "Astromech")
        do {
            _ = try HeroDetailsQuery.Data(mock: QueryMock(hero: droid))
            Issue.record("a mock without a required field must not become a selection set")
        } catch {
            #expect(error.description == "DroidMock.name is not set, and the selection set requires it (at hero.name)")
        }
        // Nullable fields left out are null; conditional ones are absent.
        let included = try HeroNameConditionalInclusionQuery.Data.Hero(mock: DroidMock())
        #expect(included.name == nil)
        #expect(included.__data.fields["name"] == nil)
    }
}
