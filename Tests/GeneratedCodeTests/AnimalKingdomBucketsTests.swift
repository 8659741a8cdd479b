import AnimalKingdomBucketsAPI
@_spi(Generated) import Graft
import Testing

/// AnimalKingdomAPI's definitions generated into three files (`"fileBuckets": 3`): the module
/// compiles, and a response decodes through it as through the module of one file per definition
/// (`AnimalKingdomAllAnimalsInitializerTests`), into types built from fragments and schema types in
/// other buckets.
@Suite struct AnimalKingdomBucketsTests {
    @Test func aResponseDecodesThroughTheBucketedModule() throws {
        let decoded = try InitializerTests.decode(AnimalKingdom.AllAnimalsQuery.Data.self, AnimalKingdomAllAnimalsInitializerTests.allAnimals)
        #expect(decoded.allAnimals.map(\.__typename) == ["Dog", "Cat", "Bird", "Crocodile"])
        #expect(decoded.allAnimals[0].asPet?.owner?.firstName == "Ada")
        #expect(decoded.allAnimals[0].skinCovering == .init(.fur))
        #expect(decoded.allAnimals[1].predators.first?.asWarmBlooded?.bodyTemperature == 38)
        #expect(decoded.allAnimals[2].asClassroomPet?.asBird?.species == "Parrot")
        #expect(decoded.allAnimals[3].fragments.warmBloodedDetails == nil)
        #expect(decoded.allAnimals[0].fragments.heightInMeters.height.meters == 1)
        // Built from initializers of types in other files, equal to the decoded value.
        let crocodile = AnimalKingdom.AllAnimalsQuery.Data.AllAnimal(
            __typename: "Crocodile", id: "4", height: .init(feet: 15, inches: 0), species: "Crocodylus", skinCovering: .init(.scales),
            predators: [], heightInMeters: AnimalKingdom.HeightInMeters(__typename: "Crocodile", height: .init(meters: 4)))
        #expect(decoded.allAnimals[3] == crocodile)
    }

    @Test func anInputObjectFromAnotherBucketEncodes() {
        let filters = AnimalKingdom.PetSearchFilters(species: .some(["Dog"]), size: .some(.init(.small)))
        #expect(filters.__inputValue == .value(["species": ["Dog"], "size": "SMALL"]))
    }
}
