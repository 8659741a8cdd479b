import AnimalKingdomAPI
import Graft
import Testing

/// AnimalKingdom's `allAnimals` operations built with initializers only, one animal of each type
/// case (pets that are warm-blooded, a classroom bird, a cat, a dog, a cold-blooded animal),
/// equal to the decoded canned response; with `@include`/`@skip` both ways.
@Suite struct AnimalKingdomAllAnimalsInitializerTests {
    typealias HeightInMeters = AnimalKingdom.HeightInMeters
    typealias WarmBloodedDetails = AnimalKingdom.WarmBloodedDetails
    typealias PetDetails = AnimalKingdom.PetDetails

    static func meters(_ typename: String, _ meters: Int) -> HeightInMeters {
        HeightInMeters(__typename: typename, height: .init(meters: meters))
    }

    static func warmBlooded(_ typename: String, _ temperature: Int, meters: Int) -> WarmBloodedDetails {
        WarmBloodedDetails(__typename: typename, bodyTemperature: temperature, heightInMeters: Self.meters(typename, meters))
    }

    static let allAnimals = """
    {"allAnimals": [
      {"__typename": "Dog", "id": "1", "species": "Canis familiaris", "skinCovering": "FUR", "predators": [],
       "height": {"__typename": "Height", "feet": 2, "inches": 7, "meters": 1, "relativeSize": "AVERAGE", "centimeters": 80.0},
       "humanName": "Rex", "favoriteToy": "Ball", "owner": {"__typename": "Human", "firstName": "Ada"}, "bodyTemperature": 38,
       "birthdate": "2020-01-01"},
      {"__typename": "Cat", "id": "2", "species": "Felis catus", "skinCovering": "FUR",
       "height": {"__typename": "Height", "feet": 1, "inches": null, "meters": 0, "relativeSize": "SMALL", "centimeters": 30.0},
       "predators": [
         {"__typename": "Dog", "species": "Canis familiaris", "predators": [{"__typename": "Human", "species": "Homo sapiens"}],
          "laysEggs": false, "bodyTemperature": 38, "height": {"__typename": "Height", "meters": 1}},
         {"__typename": "Crocodile", "species": "Crocodylus"}],
       "humanName": null, "favoriteToy": "Yarn", "owner": null, "bodyTemperature": 39, "isJellicle": true},
      {"__typename": "Bird", "id": "3", "species": "Parrot", "skinCovering": "FEATHERS", "predators": [],
       "height": {"__typename": "Height", "feet": 0, "inches": 8, "meters": 0, "relativeSize": "SMALL", "centimeters": 20.0},
       "humanName": "Polly", "favoriteToy": "Mirror", "owner": {"__typename": "Human", "firstName": "Bo"}, "bodyTemperature": 41,
       "wingspan": 0.4},
      {"__typename": "Crocodile", "id": "4", "species": "Crocodylus", "skinCovering": "SCALES", "predators": [],
       "height": {"__typename": "Height", "feet": 15, "inches": 0, "meters": 4}}]}
    """

    @Test func allAnimalsOfEachTypeCase() throws {
        typealias Animal = AnimalKingdom.AllAnimalsQuery.Data.AllAnimal
        typealias Predator = Animal.Predator
        let dog = Animal(__typename: "Dog", id: "1", height: .init(feet: 2, inches: 7), species: "Canis familiaris", skinCovering: .init(.fur),
                         predators: [],
                         asPet: .init(height: .init(relativeSize: .value(.average), centimeters: 80.0),
                                      petDetails: PetDetails(__typename: "Dog", id: "1", humanName: "Rex", favoriteToy: "Ball", owner: .init(firstName: "Ada")),
                                      warmBloodedDetails: Self.warmBlooded("Dog", 38, meters: 1)),
                         asDog: .init(favoriteToy: "Ball", birthdate: "2020-01-01"),
                         heightInMeters: Self.meters("Dog", 1), warmBloodedDetails: Self.warmBlooded("Dog", 38, meters: 1))
        let predators = [
            Predator(__typename: "Dog", species: "Canis familiaris",
                     asWarmBlooded: .init(predators: [.init(__typename: "Human", species: "Homo sapiens")], laysEggs: false,
                                          warmBloodedDetails: Self.warmBlooded("Dog", 38, meters: 1))),
            Predator(__typename: "Crocodile", species: "Crocodylus"),
        ]
        let cat = Animal(__typename: "Cat", id: "2", height: .init(feet: 1), species: "Felis catus", skinCovering: .init(.fur), predators: predators,
                         asPet: .init(height: .init(relativeSize: .value(.small), centimeters: 30.0),
                                      petDetails: PetDetails(__typename: "Cat", id: "2", favoriteToy: "Yarn"),
                                      warmBloodedDetails: Self.warmBlooded("Cat", 39, meters: 0)),
                         asCat: .init(isJellicle: true), asClassroomPet: .init(),
                         heightInMeters: Self.meters("Cat", 0), warmBloodedDetails: Self.warmBlooded("Cat", 39, meters: 0))
        let bird = Animal(__typename: "Bird", id: "3", height: .init(feet: 0, inches: 8), species: "Parrot", skinCovering: .init(.feathers),
                          predators: [],
                          asPet: .init(height: .init(relativeSize: .value(.small), centimeters: 20.0),
                                       petDetails: PetDetails(__typename: "Bird", id: "3", humanName: "Polly", favoriteToy: "Mirror",
                                                              owner: .init(firstName: "Bo")),
                                       warmBloodedDetails: Self.warmBlooded("Bird", 41, meters: 0)),
                          asClassroomPet: .init(asBird: .init(wingspan: 0.4)),
                          heightInMeters: Self.meters("Bird", 0), warmBloodedDetails: Self.warmBlooded("Bird", 41, meters: 0))
        let crocodile = Animal(__typename: "Crocodile", id: "4", height: .init(feet: 15, inches: 0), species: "Crocodylus",
                               skinCovering: .init(.scales), predators: [], heightInMeters: Self.meters("Crocodile", 4))
        let decoded = try InitializerTests.decode(AnimalKingdom.AllAnimalsQuery.Data.self, Self.allAnimals)
        #expect(AnimalKingdom.AllAnimalsQuery.Data(allAnimals: [dog, cat, bird, crocodile]) == decoded)
        #expect(decoded.allAnimals[0].asPet?.owner?.firstName == "Ada")
        #expect(decoded.allAnimals[1].predators.first?.asWarmBlooded?.bodyTemperature == 38)
        #expect(decoded.allAnimals[2].asClassroomPet?.asBird?.species == "Parrot")
        #expect(decoded.allAnimals[3].fragments.warmBloodedDetails == nil)
    }
}
