import Graft
import StarWarsAPI
import Testing

/// The type cases of a fragment spread where it always applies, read on the spreading selection
/// set as Apollo iOS users write them (`data.hero?.asHuman?.height`), with the parent's fields and
/// the fragment's.
@Suite struct StarWarsMergedTypeCaseTests {
    static func decoded<Data: SelectionSet>(_: Data.Type, _ json: String) throws -> Data {
        try Data.decode(data: try JSONParser.parse(json))
    }

    @Test func aFragmentsTypeCasesAreReadOnTheSpreadingSelectionSet() throws {
        let data = try Self.decoded(HeroDetailsWithFragmentQuery.Data.self,
                                    #"{"hero": {"__typename": "Human", "name": "Luke Skywalker", "height": 1.72}}"#)
        #expect(data.hero?.asHuman?.height == 1.72)
        #expect(data.hero?.asHuman?.name == "Luke Skywalker")
        #expect(data.hero?.asDroid == nil)
        #expect(data.hero?.asHuman == data.hero?.fragments.heroDetails.asHuman)
        let droid = try Self.decoded(HeroDetailsWithFragmentQuery.Data.self,
                                     #"{"hero": {"__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"}}"#)
        #expect(droid.hero?.asDroid?.primaryFunction == "Astromech")
        #expect(droid.hero?.asDroid?.name == "R2-D2")
        #expect(droid.hero?.asHuman == nil)
    }

    @Test func aModelBuiltThroughTheFragmentReadsTheSame() throws {
        typealias Hero = HeroDetailsWithFragmentQuery.Data.Hero
        let built = HeroDetailsWithFragmentQuery.Data(hero: Hero(__typename: "Human", heroDetails: HeroDetails(
            __typename: "Human", name: "Luke Skywalker", asHuman: .init(height: 1.72))))
        let decoded = try Self.decoded(HeroDetailsWithFragmentQuery.Data.self,
                                       #"{"hero": {"__typename": "Human", "name": "Luke Skywalker", "height": 1.72}}"#)
        #expect(built == decoded)
        #expect(built.hero?.asHuman?.height == 1.72)
        #expect(built.hero?.asHuman?.name == "Luke Skywalker")
    }
}
