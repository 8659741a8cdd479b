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

    @Test func petsFoundSearchedAndAdopted() throws {
        #expect(AnimalKingdom.FindPetQuery.Data(findPet: [.init(__typename: "Dog", id: "1", humanName: "Rex"), .init(__typename: "Cat", id: "2")])
            == (try InitializerTests.decode(AnimalKingdom.FindPetQuery.Data.self, """
            {"findPet": [{"__typename": "Dog", "id": "1", "humanName": "Rex"}, {"__typename": "Cat", "id": "2", "humanName": null}]}
            """)))
        #expect(AnimalKingdom.PetSearchQuery.Data(pets: [.init(__typename: "Cat", id: "2", humanName: "Tom")])
            == (try InitializerTests.decode(AnimalKingdom.PetSearchQuery.Data.self,
                #"{"pets": [{"__typename": "Cat", "id": "2", "humanName": "Tom"}]}"#)))
        #expect(AnimalKingdom.PetSearchLocalCacheMutationQuery.Data(pets: [])
            == (try InitializerTests.decode(AnimalKingdom.PetSearchLocalCacheMutationQuery.Data.self, #"{"pets": []}"#)))
        #expect(AnimalKingdom.PetSearchLocalCacheMutationQuery.Data(pets: [.init(__typename: "Rat", id: "3")])
            == (try InitializerTests.decode(AnimalKingdom.PetSearchLocalCacheMutationQuery.Data.self,
                #"{"pets": [{"__typename": "Rat", "id": "3", "humanName": null}]}"#)))
        #expect(AnimalKingdom.PetAdoptionMutation.Data(adoptPet: .init(__typename: "Dog", id: "1", humanName: "Rex"))
            == (try InitializerTests.decode(AnimalKingdom.PetAdoptionMutation.Data.self,
                #"{"adoptPet": {"__typename": "Dog", "id": "1", "humanName": "Rex"}}"#)))
    }

    @Test func birdTypeCaseNextToItsParentsFields() throws {
        typealias Animal = AnimalKingdom.AllAnimalsLocalCacheMutationQuery.Data.AllAnimal
        let decoded = try InitializerTests.decode(AnimalKingdom.AllAnimalsLocalCacheMutationQuery.Data.self, """
        {"allAnimals": [{"__typename": "Bird", "species": "Parrot", "skinCovering": "FEATHERS", "wingspan": 0.4},
                        {"__typename": "Crocodile", "species": "Crocodylus", "skinCovering": "SCALES"}]}
        """)
        #expect(AnimalKingdom.AllAnimalsLocalCacheMutationQuery.Data(allAnimals: [
            Animal(__typename: "Bird", species: "Parrot", skinCovering: .init(.feathers), asBird: .init(wingspan: 0.4)),
            Animal(__typename: "Crocodile", species: "Crocodylus", skinCovering: .init(.scales)),
        ]) == decoded)
        #expect(decoded.allAnimals.first?.asBird?.species == "Parrot")
    }

    @Test func classroomPetsOfEachTypeCase() throws {
        typealias Details = AnimalKingdom.ClassroomPetDetails
        typealias Pet = AnimalKingdom.ClassroomPetsQuery.Data.ClassroomPet
        let built = AnimalKingdom.ClassroomPetsQuery.Data(classroomPets: [
            Pet(__typename: "Cat", classroomPetDetails: Details(__typename: "Cat", humanName: "Tom", asAnimal: .init(species: "Felis catus"),
                asWarmBlooded: .init(laysEggs: false), asCat: .init(bodyTemperature: 38, isJellicle: true))),
            Pet(__typename: "Bird", classroomPetDetails: Details(__typename: "Bird", humanName: nil, asAnimal: .init(species: "Parrot"),
                asWarmBlooded: .init(laysEggs: true), asBird: .init(wingspan: 0.4))),
            Pet(__typename: "PetRock", classroomPetDetails: Details(__typename: "PetRock", humanName: "Rocky", asPetRock: .init(favoriteToy: "Sand"))),
            Pet(__typename: "Rat", classroomPetDetails: Details(__typename: "Rat", humanName: "Ben", asAnimal: .init(species: "Rattus"))),
            nil,
        ])
        let decoded = try InitializerTests.decode(AnimalKingdom.ClassroomPetsQuery.Data.self, """
        {"classroomPets": [
          {"__typename": "Cat", "species": "Felis catus", "humanName": "Tom", "laysEggs": false, "bodyTemperature": 38, "isJellicle": true},
          {"__typename": "Bird", "species": "Parrot", "humanName": null, "laysEggs": true, "wingspan": 0.4},
          {"__typename": "PetRock", "humanName": "Rocky", "favoriteToy": "Sand"},
          {"__typename": "Rat", "species": "Rattus", "humanName": "Ben"},
          null]}
        """)
        #expect(built == decoded)
        #expect(decoded.classroomPets?.first??.fragments.classroomPetDetails.asCat?.isJellicle == true)
        #expect(decoded.classroomPets?[2]?.humanName == "Rocky")
    }
}
