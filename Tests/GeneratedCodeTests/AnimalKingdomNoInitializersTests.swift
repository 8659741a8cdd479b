import AnimalKingdomNoInitializersAPI
@_spi(Generated) import Graft
import Testing

/// AnimalKingdomAPI generated without memberwise initializers (`"memberwiseInitializers": false`):
/// the module compiles, and a response decodes through it as through the module that has them.
@Suite struct AnimalKingdomNoInitializersTests {
    @Test func aResponseDecodesWithoutMemberwiseInitializers() throws {
        let decoded = try InitializerTests.decode(AnimalKingdom.AllAnimalsQuery.Data.self, AnimalKingdomAllAnimalsInitializerTests.allAnimals)
        #expect(decoded.allAnimals.map(\.__typename) == ["Dog", "Cat", "Bird", "Crocodile"])
        #expect(decoded.allAnimals[0].asPet?.owner?.firstName == "Ada")
        #expect(decoded.allAnimals[2].asClassroomPet?.asBird?.species == "Parrot")
        #expect(decoded.allAnimals[0].fragments.heightInMeters.height.meters == 1)
    }
}
