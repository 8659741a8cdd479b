import Graft
import ModularCoreAPI
import ModularFeatureAAPI
import ModularFeatureBAPI
import ModularSchemaAPI
import Testing

/// Two feature modules (golden ModularFeatureAAPI, ModularFeatureBAPI) compiled into one program
/// with the schema module and the module of shared fragments they import: the enum, the input
/// object and the fragments are one type each, whichever feature they are reached through.
@Suite struct ModularAppTests {
    static func decode<Data: SelectionSet>(_: Data.Type, _ json: String) throws -> Data {
        try Data.decode(data: try JSONParser.parse(json))
    }

    /// The name a screen shows, taking the shared fragment's type: both features hand it over.
    static func displayName(_ fragment: CharacterName) -> String { fragment.name }

    @Test func bothFeaturesDecodeThroughTheSharedFragment() throws {
        let a = try Self.decode(HeroAQuery.Data.self, """
        {"hero": {"__typename": "Human", "id": "1000", "name": "Luke", "appearsIn": ["NEWHOPE", "JEDI"], "height": 1.72,
                  "friends": [{"__typename": "Droid", "name": "R2-D2"}, null]}}
        """)
        let b = try Self.decode(HeroBQuery.Data.self, """
        {"hero": {"__typename": "Droid", "id": "2001", "name": "R2-D2"},
         "reviews": [{"__typename": "Review", "id": "r1", "episode": "JEDI", "stars": 5, "commentary": null, "createdAt": "1983-05-25"}]}
        """)
        let heroA = try #require(a.hero)
        // Merged fields through the upstream fragments (HeroDetails spreads CharacterName).
        #expect(heroA.name == "Luke")
        #expect(heroA.id == "1000")
        #expect(heroA.appearsIn == [.value(.newhope), .value(.jedi)])
        #expect(heroA.asHuman?.height == 1.72)
        #expect(heroA.fragments.heroDetails.asHuman?.height == 1.72)
        #expect(Self.displayName(heroA.fragments.heroDetails.fragments.characterName) == "Luke")
        #expect(heroA.friends?.first??.name == "R2-D2")
        #expect(try Self.displayName(#require(heroA.friends?.first??.fragments.characterName)) == "R2-D2")
        let heroB = try #require(b.hero)
        #expect(heroB.name == "R2-D2")
        #expect(Self.displayName(heroB.fragments.characterName) == "R2-D2")
        #expect(b.reviews.first?.episode == .value(.jedi))
        #expect(b.reviews.first?.createdAt == "1983-05-25")
        // The same fragment decoded from either feature's response is the same value of the same type.
        let fromA: CharacterName = try Self.decode(HeroAQuery.Data.self,
            #"{"hero": {"__typename": "Droid", "id": "2001", "name": "R2-D2", "appearsIn": []}}"#).hero!.fragments.heroDetails.fragments.characterName
        #expect(fromA.name == heroB.fragments.characterName.name)
    }

    @Test func bothFeaturesTakeTheSharedEnumAndInputObject() {
        let episode: GraphQLEnum<Episode> = .value(.empire)
        let review = ReviewInput(stars: 4, commentary: "Good", favoriteColor: .some(ColorInput(red: 1, green: 2, blue: 3)))
        let a = ReviewAMutation(episode: .some(episode), review: review)
        let b = ReviewBMutation(review: review)
        #expect(a.variables["episode"] == "EMPIRE")
        #expect(a.variables["review"] == b.variables["review"])
        #expect(b.variables["review"]?.objectValue?["favoriteColor"]?.objectValue?["green"] == 2)
        #expect(HeroAQuery(episode: .jedi).variables == HeroBQuery(episode: .value(.jedi)).variables)
    }

    @Test func everyFeatureOperationCarriesTheSchemaModulesMetadata() throws {
        let a = try #require(HeroAQuery.__schema)
        let b = try #require(ReviewBMutation.__schema)
        #expect(a == b)
        #expect(a == schemaMetadata)
        #expect(a.keyFields["Review"] == ["id"])
        // The schema module's metadata covers abstract types no feature selects on.
        #expect(a.possibleTypes["SearchResult"] == ["Droid", "Human", "Review"])
    }
}
