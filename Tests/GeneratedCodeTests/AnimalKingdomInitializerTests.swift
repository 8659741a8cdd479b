import AnimalKingdomAPI
import Graft
import Testing

/// AnimalKingdom type cases built with initializers only: the parent gives the fields its type
/// cases read, a type case takes its own fields and fragments.
@Suite struct AnimalKingdomInitializerTests {
    @Test func typeCasesReadTheirParentsFields() throws {
        typealias Animal = AnimalKingdom.DogQuery.Data.AllAnimal
        let built = AnimalKingdom.DogQuery.Data(allAnimals: [
            Animal(__typename: "Dog", id: "1", skinCovering: .init(.fur),
                   asDog: .init(houseDetails: nil, dogFragment: AnimalKingdom.DogFragment(species: "Canis familiaris"))),
            Animal(__typename: "Cat", id: "2"),
        ])
        let decoded = try AnimalKingdom.DogQuery.Data.decode(data: try JSONParser.parse("""
        {"allAnimals": [
          {"__typename": "Dog", "id": "1", "skinCovering": "FUR", "species": "Canis familiaris", "houseDetails": null},
          {"__typename": "Cat", "id": "2", "skinCovering": null}]}
        """))
        #expect(built == decoded)
        let dog = try #require(decoded.allAnimals.first?.asDog)
        #expect(dog.id == "1")
        #expect(dog.skinCovering == .value(.fur))
        #expect(dog.species == "Canis familiaris")
        #expect(decoded.allAnimals.last?.asDog == nil)
    }
}
